import CNcurses

/// The columns a character takes on screen, as the app decides them.
///
/// The C library's width table is older than the emoji the app draws (glibc
/// 2.36 knows nothing after Emoji 14.0 and gives half a flag one column),
/// and ncurses asks it for every cell. The app asks the terminal instead
/// (`WidthProbe`) and declares here what it found; from then on the canvas,
/// ncurses and the app all count the same columns (the C side answers
/// ncurses' own `wcwidth` calls from this table).
public enum ColumnTable {
  /// Declares `overrides`, replacing any declared before. Everything else
  /// keeps the C library's width. Call it before the screen draws.
  public static func declare(_ overrides: [Unicode.Scalar: Int]) {
    let sorted = overrides.sorted { $0.key < $1.key }
    let scalars = sorted.map { UInt32($0.key.value) }
    let widths = sorted.map { Int8(clamping: $0.value) }
    _ = er_set_column_overrides(scalars, widths, Int32(sorted.count))
  }

  /// The columns `scalar` takes: the app's figure where it declared one,
  /// the C library's otherwise (-1 for a character it cannot print).
  public static func columns(of scalar: Unicode.Scalar) -> Int {
    Int(er_wcwidth(wchar_t(scalar.value)))
  }

  /// The C library's own figure, whatever the app declared.
  public static func libraryColumns(of scalar: Unicode.Scalar) -> Int {
    Int(er_library_wcwidth(wchar_t(scalar.value)))
  }
}
