/// The minor-unit exponents of ISO 4217 "List One" (current currency and funds codes), as published by the ISO 4217
/// maintenance agency (SIX Group) with its amendments through 2025 (including XCG, which replaces ANG, and ZWG).
///
/// The exponent is the number of decimal places of the currency's minor unit: 2 for the euro (1 EUR = 100 cents),
/// 0 for the yen, 3 for the Kuwaiti dinar (1 KWD = 1000 fils). Codes whose minor unit ISO lists as "N.A." (precious
/// metals such as XAU, units of account such as XDR, the testing code XTS and "no currency" XXX) are deliberately
/// absent: an amount in minor units has no meaning for them.
enum ISO4217 {
    /// Maps every listed alphabetic code to its minor-unit exponent.
    static let minorUnitExponents: [String: Int] = {
        var table: [String: Int] = [:]
        for (codes, exponent) in [
            (zeroDecimalCodes, 0), (twoDecimalCodes, 2), (threeDecimalCodes, 3), (fourDecimalCodes, 4),
        ] {
            for code in codes.split(separator: " ") {
                table[String(code)] = exponent
            }
        }
        return table
    }()

    private static let zeroDecimalCodes = "BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF"

    private static let threeDecimalCodes = "BHD IQD JOD KWD LYD OMR TND"

    private static let fourDecimalCodes = "CLF UYW"

    private static let twoDecimalCodes = """
        AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BOV BRL BSD BTN BWP BYN BZD CAD CDF CHE \
        CHF CHW CNY COP COU CRC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GTQ GYD HKD HNL \
        HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD LSL MAD MDL MGA MKD MMK MNT MOP MRU MUR \
        MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN PGK PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK \
        SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TOP TRY TTD TWD TZS UAH USD USN UYU UZS VED VES WST XCD \
        XCG YER ZAR ZMW ZWG
        """
}
