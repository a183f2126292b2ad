#if FEED_OFFLINE
    // Active: the manifest defines FEED_OFFLINE for this target, and DesignSystem is not declared.
    import DesignSystem
#endif
