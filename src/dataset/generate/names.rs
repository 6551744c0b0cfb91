//! Word lists for the built-in datasets: product kinds with price ranges,
//! brand words, suppliers, and support agents.
//!
//! Invariants: lists are fixed and ordered (the generator indexes into them
//! with seeded draws, so reordering a list changes the data and its hashes);
//! no name contains a quote or comma, so names need no escaping in CSV or
//! SQL literals.

/// Product categories, in the order `PRODUCT_KINDS` and `SUPPLIERS` use.
pub const CATEGORIES: [&str; 8] = [
    "Electronics",
    "Home",
    "Garden",
    "Toys",
    "Sports",
    "Books",
    "Beauty",
    "Grocery",
];

/// Products per category (sums to 500).
pub const CATEGORY_SIZES: [usize; 8] = [80, 75, 55, 60, 65, 60, 55, 50];

/// A kind of product and its usual list price range in dollars.
pub type Kind = (&'static str, f64, f64);

/// Product kinds per category, indexed like `CATEGORIES`.
pub const PRODUCT_KINDS: [&[Kind]; 8] = [
    &[
        ("Wireless Earbuds", 29.0, 149.0),
        ("Bluetooth Speaker", 24.0, 199.0),
        ("USB-C Charger", 12.0, 49.0),
        ("Noise-Cancelling Headphones", 79.0, 349.0),
        ("Smart Watch", 99.0, 399.0),
        ("Portable Power Bank", 19.0, 79.0),
        ("Mechanical Keyboard", 49.0, 179.0),
        ("Wireless Mouse", 14.0, 69.0),
        ("4K Webcam", 39.0, 149.0),
        ("Fitness Tracker", 29.0, 129.0),
        ("Tablet Stand", 12.0, 45.0),
        ("HDMI Cable", 6.0, 24.0),
        ("Smart Plug", 12.0, 39.0),
        ("E-Reader", 89.0, 249.0),
    ],
    &[
        ("Ceramic Mug Set", 14.0, 49.0),
        ("Cotton Bath Towel", 9.0, 39.0),
        ("Scented Candle", 8.0, 34.0),
        ("Throw Blanket", 24.0, 89.0),
        ("Table Lamp", 29.0, 129.0),
        ("Chef Knife", 24.0, 149.0),
        ("Nonstick Frying Pan", 19.0, 89.0),
        ("Storage Basket", 12.0, 45.0),
        ("Wall Clock", 15.0, 69.0),
        ("Linen Duvet Cover", 49.0, 179.0),
        ("French Press", 19.0, 59.0),
        ("Memory Foam Pillow", 24.0, 79.0),
        ("Cutting Board", 12.0, 49.0),
        ("Picture Frame", 8.0, 39.0),
    ],
    &[
        ("Garden Hose", 19.0, 69.0),
        ("Pruning Shears", 12.0, 45.0),
        ("Raised Garden Bed", 49.0, 189.0),
        ("Solar Path Light", 14.0, 59.0),
        ("Bird Feeder", 12.0, 49.0),
        ("Watering Can", 9.0, 34.0),
        ("Potting Soil", 7.0, 24.0),
        ("Herb Seed Kit", 9.0, 29.0),
        ("Patio Planter", 19.0, 89.0),
        ("Leaf Rake", 12.0, 39.0),
        ("Compost Bin", 39.0, 129.0),
        ("Garden Gloves", 7.0, 24.0),
    ],
    &[
        ("Building Blocks Set", 19.0, 99.0),
        ("Plush Bear", 9.0, 39.0),
        ("Puzzle 1000 Pieces", 12.0, 29.0),
        ("Remote Control Car", 24.0, 119.0),
        ("Board Game", 14.0, 59.0),
        ("Wooden Train Set", 24.0, 89.0),
        ("Art Easel", 29.0, 89.0),
        ("Kite", 9.0, 34.0),
        ("Science Kit", 19.0, 69.0),
        ("Doll House", 49.0, 179.0),
        ("Card Game", 7.0, 24.0),
        ("Bubble Machine", 12.0, 34.0),
    ],
    &[
        ("Yoga Mat", 19.0, 79.0),
        ("Running Shoes", 59.0, 179.0),
        ("Water Bottle", 9.0, 39.0),
        ("Resistance Bands", 12.0, 39.0),
        ("Adjustable Dumbbells", 79.0, 299.0),
        ("Tennis Racket", 39.0, 199.0),
        ("Cycling Helmet", 39.0, 149.0),
        ("Camping Tent", 79.0, 349.0),
        ("Hiking Backpack", 49.0, 169.0),
        ("Jump Rope", 7.0, 24.0),
        ("Soccer Ball", 14.0, 49.0),
        ("Foam Roller", 14.0, 44.0),
        ("Swim Goggles", 9.0, 34.0),
    ],
    &[
        ("Cookbook", 14.0, 39.0),
        ("Field Guide", 12.0, 29.0),
        ("Mystery Novel", 9.0, 24.0),
        ("Travel Atlas", 19.0, 39.0),
        ("Picture Book", 7.0, 19.0),
        ("Puzzle Book", 7.0, 16.0),
        ("History Anthology", 19.0, 39.0),
        ("Poetry Collection", 12.0, 24.0),
        ("Gardening Handbook", 14.0, 29.0),
        ("Graphic Novel", 12.0, 29.0),
        ("Science Fiction Novel", 9.0, 24.0),
        ("Language Workbook", 14.0, 34.0),
        ("Biography", 14.0, 34.0),
    ],
    &[
        ("Face Serum", 14.0, 69.0),
        ("Hand Cream", 6.0, 24.0),
        ("Lip Balm", 3.0, 12.0),
        ("Shampoo", 7.0, 29.0),
        ("Hair Dryer", 29.0, 149.0),
        ("Sunscreen SPF 50", 9.0, 29.0),
        ("Body Lotion", 7.0, 29.0),
        ("Makeup Brush Set", 14.0, 59.0),
        ("Eau de Parfum", 39.0, 129.0),
        ("Electric Toothbrush", 29.0, 129.0),
        ("Nail Polish", 5.0, 16.0),
        ("Beard Oil", 9.0, 29.0),
    ],
    &[
        ("Coffee Beans", 9.0, 24.0),
        ("Green Tea", 4.0, 14.0),
        ("Olive Oil", 7.0, 24.0),
        ("Dark Chocolate", 2.0, 8.0),
        ("Granola", 4.0, 12.0),
        ("Pasta", 2.0, 7.0),
        ("Honey", 5.0, 19.0),
        ("Trail Mix", 4.0, 12.0),
        ("Hot Sauce", 3.0, 12.0),
        ("Maple Syrup", 7.0, 22.0),
        ("Sparkling Water 12-Pack", 5.0, 12.0),
        ("Protein Bars", 12.0, 29.0),
    ],
];

/// Brand words put before a product kind ("Aurora Wireless Earbuds").
pub const BRANDS: [&str; 30] = [
    "Aurora", "Nimbus", "Summit", "Harbor", "Cedar", "Lumen", "Vertex", "Willow", "Atlas", "Maple",
    "Nova", "Pioneer", "Sierra", "Tidal", "Ember", "Orbit", "Juniper", "Solstice", "Cobalt",
    "Meadow", "Granite", "Zephyr", "Halcyon", "Brio", "Kestrel", "Fable", "Sable", "Pebble",
    "Canyon", "Beacon",
];

/// Suppliers per category, indexed like `CATEGORIES`.
pub const SUPPLIERS: [&[&str]; 8] = [
    &[
        "Brightline Electronics",
        "Kestrel Components",
        "Pacific Gadget Supply",
    ],
    &["Hearth and Home Co", "Northwind Traders", "Linden Living"],
    &["GreenThumb Wholesale", "Northwind Traders"],
    &["Playwell Distribution", "Tiny Titans Toys"],
    &["Peak Performance Supply", "Trailhead Outfitters"],
    &["Riverbend Books", "Inkwell Publishing"],
    &["Glow Beauty Labs", "Pure Botanica"],
    &["Harvest Fine Foods", "Orchard Pantry", "Northwind Traders"],
];

/// Support agents: name, share of the ticket load, first working day
/// offset from 2025-07-01, and skill (satisfaction bonus, speed factor).
pub type Agent = (&'static str, f64, i64, f64, f64);

/// The support team. The last three are a part-timer and two September
/// hires, so they end the quarter with fewer than 50 rated tickets.
pub const AGENTS: [Agent; 16] = [
    ("Alice Moreno", 1.00, 0, 0.30, 0.85),
    ("Ben Okafor", 1.10, 0, 0.05, 1.00),
    ("Chloe Tan", 0.95, 0, 0.45, 0.90),
    ("Diego Alvarez", 1.05, 0, -0.25, 1.15),
    ("Emma Lindqvist", 0.90, 0, 0.15, 0.95),
    ("Farah Haddad", 1.00, 0, 0.20, 0.80),
    ("George Papadopoulos", 1.00, 0, -0.10, 1.10),
    ("Hana Suzuki", 0.85, 0, 0.35, 0.90),
    ("Isaac Mensah", 1.00, 0, 0.00, 1.00),
    ("Julia Novak", 0.95, 0, -0.35, 1.25),
    ("Kiran Patel", 1.05, 0, 0.10, 0.95),
    ("Liam Byrne", 0.90, 0, -0.05, 1.05),
    ("Maya Cohen", 1.00, 0, 0.25, 1.00),
    ("Noah Fischer", 0.12, 0, 0.10, 1.00),
    ("Olivia Grant", 0.90, 62, -0.15, 1.20),
    ("Pedro Santos", 0.90, 76, 0.05, 1.10),
];
