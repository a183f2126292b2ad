// swift-format-ignore-file
// None of these imports counts: the compiler skips comments, strings and inactive branches.
// import DesignSystem
/* import DesignSystem
   /* nested */ import DesignSystem */
#if canImport(NoSuchModuleAnywhere)
    import DesignSystem
#endif
#if FEED_NEVER_DEFINED
    import DesignSystem
#elseif os(Linux)
    import Glibc
#endif

let ignoredText = "import DesignSystem"
let ignoredBlock = """
    import DesignSystem
    """
let ignoredRaw = #"import DesignSystem \#(ignoredText)"#
