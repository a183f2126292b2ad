import Core

#if os(macOS)
    import MacSupport
#endif

print(coreName)
