// swift-tools-version: 6.1
import PackageDescription

// Release builds optimise across modules: the frame path crosses five of
// them (views, loader, layout, timing, terminal), and without it every
// generic call between them goes through metadata lookups. Measured with
// `emoji-rater bench` at 200×60: frame work p50 2.8 ms without, 1.5 ms with.
// They also leave out the run-time exclusivity checks, a tenth of a frame's
// work (paging at 200×60, a slide frame's input and drawing: 0.79 ms to
// 0.65 ms). Debug builds keep them, so every test (and the Thread Sanitizer
// run) still checks each access.
let optimized: [SwiftSetting] = [
  .unsafeFlags(
    ["-cross-module-optimization", "-enforce-exclusivity=unchecked"], .when(configuration: .release))
]

// The commit `--version` names: `make` passes it in EMOJI_RATER_COMMIT
// (`git rev-parse --short HEAD`, `-dirty` when the checkout has changes), and
// only the BuildInfo target's one C file is compiled with it, so a new commit
// compiles that file again and links; a plain `swift build` says "unknown".
// Anything but letters, digits and dashes is left out.
let commit = (Context.environment["EMOJI_RATER_COMMIT"] ?? "").filter {
  $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-")
}
let buildInfo: [CSetting] = commit.isEmpty ? [] : [.define("EMOJI_RATER_COMMIT", to: "\"\(commit)\"")]

let package = Package(
  name: "emoji-rater",
  products: [
    .executable(name: "emoji-rater", targets: ["emoji-rater"])
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
    .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.1.0"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    // The config file's TOML.
    .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    // The ratings server's: its database, the hash its tokens are kept as, its log and its metrics.
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
  ],
  targets: [
    // MARK: The terminal edge: the only code that touches ncurses.
    // A C target, not a bare module map: it also defines `wcwidth`, so that
    // ncurses counts columns as the app does (columns.c).
    .target(name: "CNcurses", linkerSettings: [.linkedLibrary("ncursesw")]),
    .target(name: "Terminal", dependencies: ["CNcurses", "Support"], swiftSettings: optimized),

    // MARK: What every layer uses: a lock, a seeded generator, text made safe to show.
    .target(name: "Support", swiftSettings: optimized),

    // MARK: Pure cores: no ncurses, no clocks of their own.
    .target(name: "CollectionKit", swiftSettings: optimized),
    .target(
      name: "FrameTiming",
      dependencies: [.product(name: "Histogram", package: "hdrhistogram-swift")],
      swiftSettings: optimized
    ),
    .target(
      name: "Loading",
      dependencies: [
        "Support", .product(name: "DequeModule", package: "swift-collections"),
        .product(name: "HeapModule", package: "swift-collections"),
      ],
      swiftSettings: optimized
    ),

    // MARK: Loading over HTTP: a small client on SwiftNIO that bounds each answer as it arrives.
    .target(
      name: "HTTPLoading",
      dependencies: [
        "Loading", "Support",
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
      ],
      swiftSettings: optimized
    ),

    // MARK: Data: Unicode's emoji-test.txt, CLDR's keywords and chat apps' short names, embedded
    // so the binary needs no system package.
    .target(
      name: "EmojiData", exclude: ["UNICODE-LICENSE.txt", "EMOJI-PACKAGE-LICENSE.txt", "GEMOJI-LICENSE.txt"]),
    // MARK: The emoji themselves: the catalog, a record as served, the server's counts.
    // What the app and the server share, and nothing of a terminal.
    .target(
      name: "EmojiModel", dependencies: ["EmojiData", "CollectionKit", "Support"], swiftSettings: optimized),

    // MARK: The app and its command line.
    .target(name: "BuildInfo", cSettings: buildInfo),
    .target(
      name: "EmojiRater",
      dependencies: [
        "Terminal", "CollectionKit", "FrameTiming", "Loading", "HTTPLoading", "EmojiModel", "Support",
        "BuildInfo", .product(name: "HeapModule", package: "swift-collections"),
      ],
      swiftSettings: optimized
    ),
    // MARK: A person's defaults for the command line: config.toml, read with TOMLKit.
    .target(name: "ConfigFile", dependencies: ["Support", .product(name: "TOMLKit", package: "TOMLKit")]),

    // MARK: Where the community's ratings live: voters, votes and tallies, in SQLite through GRDB.
    .target(
      name: "RatingsDatabase",
      dependencies: ["Support", .product(name: "GRDB", package: "GRDB.swift")]
    ),
    // MARK: The same ratings in PostgreSQL, for several servers: postgres-nio.
    .target(
      name: "PostgresRatings",
      dependencies: [
        "RatingsDatabase", "Support", .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    // MARK: The server the app can load from (`serve`, `--source URL`): SwiftNIO's HTTP/1.1.
    .target(
      name: "EmojiServer",
      dependencies: [
        "EmojiModel", "Loading", "Support", "RatingsDatabase",
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Prometheus", package: "swift-prometheus"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
      ]
    ),
    .executableTarget(
      name: "emoji-rater",
      dependencies: [
        "EmojiRater", "EmojiServer", "EmojiModel", "Loading", "Terminal", "Support", "RatingsDatabase",
        "PostgresRatings", "ConfigFile",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: optimized
    ),

    // MARK: Tests.
    .target(
      name: "TestSupport",
      dependencies: [
        "Terminal",
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
      ],
      path: "Tests/TestSupport"
    ),
    .testTarget(name: "CollectionKitTests", dependencies: ["CollectionKit"]),
    .testTarget(name: "FrameTimingTests", dependencies: ["FrameTiming"]),
    .testTarget(name: "ConfigFileTests", dependencies: ["ConfigFile"]),
    .testTarget(name: "LoadingTests", dependencies: ["Loading", "Support", "TestSupport"]),
    .testTarget(name: "TerminalTests", dependencies: ["Terminal", "Support", "TestSupport"]),
    .testTarget(
      name: "EmojiRaterTests",
      dependencies: [
        "EmojiRater", "EmojiModel", "EmojiData", "Loading", "CollectionKit", "FrameTiming", "Support",
        "TestSupport",
      ],
      exclude: ["Snapshots"]
    ),
    .testTarget(
      name: "EmojiServerTests",
      dependencies: [
        "EmojiServer", "EmojiRater", "EmojiModel", "Loading", "HTTPLoading", "Support", "TestSupport",
        "RatingsDatabase",
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
      ]
    ),
    .testTarget(
      name: "RatingsDatabaseTests",
      dependencies: [
        "RatingsDatabase", "Support", "TestSupport", .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    .testTarget(
      name: "PostgresRatingsTests",
      dependencies: [
        "PostgresRatings", "RatingsDatabase", "TestSupport",
        .product(name: "PostgresNIO", package: "postgres-nio"),
      ]
    ),
    .testTarget(
      name: "EndToEndTests", dependencies: ["TestSupport", "Loading", "Support", "RatingsDatabase"]),
  ],
  swiftLanguageModes: [.v6]
)
