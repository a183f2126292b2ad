/// The words the seeded catalog and feed are built from.
enum SeedVocabulary {
    static let adjectives = [
        "Classic", "Vintage", "Modern", "Rustic", "Compact", "Deluxe", "Everyday", "Urban", "Alpine", "Coastal",
        "Nordic", "Midnight", "Solar", "Featherweight", "Heritage", "Studio", "Trail", "Velvet", "Copper", "Arctic",
        "Crème", "Weekend", "Harbor", "Meadow",
    ]
    static let materials = [
        "Leather", "Linen", "Wool", "Cotton", "Canvas", "Oak", "Walnut", "Bamboo", "Ceramic", "Steel", "Glass",
        "Cork", "Denim", "Silk", "Marble", "Titanium", "Merino", "Porcelain",
    ]
    static let nouns = [
        "Backpack", "Lamp", "Mug", "Chair", "Jacket", "Notebook", "Watch", "Kettle", "Blanket", "Sneakers",
        "Headphones", "Desk", "Vase", "Scarf", "Wallet", "Bottle", "Tent", "Umbrella", "Speaker", "Candle", "Teapot",
        "Bookshelf", "Camera Strap", "Duffel Bag", "Rug", "Sunglasses", "Apron", "Planter",
    ]
    static let editions = ["", "", "", "", " Mini", " XL", " Pro", " II", " Limited Edition"]
    static let features = [
        "Built to last for years of daily use.",
        "Hand-finished in a small workshop.",
        "Light enough to carry everywhere.",
        "Water-resistant and easy to clean.",
        "Designed with a timeless silhouette.",
        "Made from responsibly sourced materials.",
        "Comes with a two-year warranty.",
        "A favourite gift for friends and family.",
    ]
    static let care = [
        "Wipe clean with a damp cloth.",
        "Store in a cool, dry place.",
        "Machine washable at 30 °C.",
        "Oil occasionally to keep it supple.",
        "Dishwasher safe.",
        "",
    ]
    static let firstNames = [
        "Ada", "Bruno", "Chiara", "Dmitri", "Elena", "Farah", "Gustav", "Hana", "Ivo", "Jules", "Kofi", "Lena",
        "Mateo", "Nora", "Oskar", "Priya", "Quentin", "Rosa", "Sven", "Tomás", "Uma", "Viktor", "Wen", "Yara",
        "Zoë",
    ]
    static let lastNames = [
        "Okafor", "Lindqvist", "Moreau", "Novak", "Costa", "Haddad", "Keller", "Tanaka", "Brennan", "Rossi",
        "Petrov", "Nguyen", "Schmidt", "Alves", "Dubois", "Kowalski",
    ]
    static let captions = [
        "Loving my new %@!",
        "Sunday morning with the %@ ☕",
        "Can't stop using this %@.",
        "Packed the %@ for the weekend trip.",
        "Gift idea: the %@ 🎁",
        "Before and after with the %@.",
        "Unboxing the %@ today.",
        "Rainy day, cosy %@.",
        "Three weeks with the %@: still great.",
        "Which colour of the %@ would you pick?",
    ]
    static let messyAvailabilities = ["backorder", "discontinued", "coming_soon"]
    static let messyKinds = ["reel", "story", "live"]
    static let brokenImageURLs = [
        "htps//images storefront/broken.jpg", "not a url", "", "http://", "https://exa mple.com/ image.png",
    ]
}
