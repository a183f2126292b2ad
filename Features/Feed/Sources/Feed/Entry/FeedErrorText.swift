import FeatureKit

extension FeedStoreError: UserFacingError {
    /// A full disk as FeatureKit words it, naming the file; otherwise the description.
    public var userFacingDescription: String { diskFull?.description ?? description }

    /// `disk_full` for a full disk, `failed` for another failure of the store.
    public var errorCode: String { diskFull == nil ? "failed" : DiskFull.code }
}
