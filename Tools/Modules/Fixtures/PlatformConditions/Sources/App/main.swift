import Logging

#if os(Linux)
    import Net
#elseif os(Windows)
    import WinSupport
#endif

print(logName)
