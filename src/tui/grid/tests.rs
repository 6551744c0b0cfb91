//! The grid drawn into ratatui's TestBackend at 120x40 and 80x24 (insta
//! snapshots, text only) with the styles that carry meaning asserted, its
//! keys, and the million-row scroll and sort path.

use super::export::CopyFormat;
use super::{synthetic, Grid, Outcome, View};
use crate::runner::ResultSet;
use crate::tui::theme::Theme;
use arrow::array::{ArrayRef, Date32Array, Float64Array, Int64Array, ListBuilder, StringArray, StringBuilder};
use arrow::datatypes::{DataType, Field, Schema};
use arrow::record_batch::RecordBatch;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::Modifier;
use ratatui::Terminal;
use std::sync::Arc;

fn fixture() -> ResultSet {
    let mut tags = ListBuilder::new(StringBuilder::new());
    for t in [vec!["new", "gift"], vec![], vec!["returned"], vec!["a", "b", "c"], vec!["x"]] {
        for s in t {
            tags.values().append_value(s);
        }
        tags.append(true);
    }
    let schema = Arc::new(Schema::new(vec![
        Field::new("region", DataType::Utf8, true),
        Field::new("orders", DataType::Int64, true),
        Field::new("revenue", DataType::Float64, true),
        Field::new("first_day", DataType::Date32, true),
        Field::new("payload", DataType::Utf8, true),
        Field::new("tags", DataType::List(Arc::new(Field::new("item", DataType::Utf8, true))), true),
    ]));
    let cols: Vec<ArrayRef> = vec![
        Arc::new(StringArray::from(vec![Some("north"), Some("東京都"), None, Some("a region with a very long name, longer than any column may be"), Some("south")])),
        Arc::new(Int64Array::from(vec![Some(1_234_567), Some(-42), None, Some(0), Some(1_000)])),
        Arc::new(Float64Array::from(vec![Some(1234.5), Some(-0.25), None, Some(98_765.125), Some(7.0)])),
        Arc::new(Date32Array::from(vec![Some(19_723), None, Some(19_800), Some(19_000), Some(19_723)])),
        Arc::new(StringArray::from(vec![Some(r#"{"customer":{"id":7,"vip":true},"items":[1,2,3],"note":"two\nlines"}"#), Some("plain"), None, Some("[1, 2]"), Some("")])),
        Arc::new(tags.finish()),
    ];
    let batch = RecordBatch::try_new(Arc::clone(&schema), cols).unwrap();
    // Two batches: rows are found across them.
    ResultSet::new(schema, vec![batch.slice(0, 3), batch.slice(3, 2)], false)
}

/// Category and measure only: a bar chart.
fn by_region() -> ResultSet {
    let schema = Arc::new(Schema::new(vec![Field::new("region", DataType::Utf8, true), Field::new("revenue", DataType::Float64, true)]));
    let cols: Vec<ArrayRef> = vec![
        Arc::new(StringArray::from(vec![Some("north"), Some("south"), Some("東京"), None])),
        Arc::new(Float64Array::from(vec![Some(1200.0), Some(300.5), Some(950.25), Some(10.0)])),
    ];
    ResultSet::new(Arc::clone(&schema), vec![RecordBatch::try_new(schema, cols).unwrap()], false)
}

fn grid(set: ResultSet) -> Grid {
    let mut g = Grid::default();
    g.load(Arc::new(set));
    g
}

fn press(g: &mut Grid, code: KeyCode) -> Outcome {
    g.handle_key(KeyEvent::new(code, KeyModifiers::NONE))
}

fn draw(g: &Grid, w: u16, h: u16) -> Buffer {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| g.render(f, f.area(), &Theme::monochrome(), true)).unwrap();
    t.backend().buffer().clone()
}

fn text(buf: &Buffer) -> String {
    let mut out = String::new();
    for y in 0..buf.area.height {
        let mut line = String::new();
        let mut skip = 0;
        for x in 0..buf.area.width {
            // The cell after a two-column character belongs to it.
            if skip > 0 {
                skip -= 1;
                continue;
            }
            let sym = buf[(x, y)].symbol();
            skip = super::format::width(sym).saturating_sub(1);
            line.push_str(sym);
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

fn screen(g: &Grid, w: u16, h: u16) -> String {
    text(&draw(g, w, h))
}

/// Position of `needle` on screen (column, row).
fn find(buf: &Buffer, needle: &str) -> Option<(u16, u16)> {
    let first = needle.chars().next()?.to_string();
    for y in 0..buf.area.height {
        for x in 0..buf.area.width {
            if buf[(x, y)].symbol() == first {
                let mut s = String::new();
                let mut cx = x;
                while cx < buf.area.width && s.chars().count() < needle.chars().count() {
                    s.push_str(buf[(cx, y)].symbol());
                    cx += 1;
                }
                if s == needle {
                    return Some((x, y));
                }
            }
        }
    }
    None
}

#[test]
fn numbers_nulls_and_wide_text_at_both_sizes() {
    let g = grid(fixture());
    insta::assert_snapshot!("grid_120x40", screen(&g, 120, 40));
    insta::assert_snapshot!("grid_80x24", screen(&g, 80, 24));
    let s = screen(&g, 120, 40);
    for want in ["1,234,567", "-42", "1,234.50", "98,765.12", "-0.25", "2024-01-01", "東京都", "varchar", "bigint", "double", "rows 1–5 of 5"] {
        assert!(s.contains(want), "missing {want:?} in\n{s}");
    }
    // NULL is drawn distinctly (dim italic), numbers right-aligned.
    let buf = draw(&g, 120, 40);
    let (x, y) = find(&buf, "NULL").unwrap();
    assert!(buf[(x, y)].modifier.contains(Modifier::ITALIC), "NULL is italic");
    let (_, y1) = find(&buf, "1,234,567").unwrap();
    let (xe, _) = find(&buf, "-42").unwrap();
    let (x1, _) = find(&buf, "1,234,567").unwrap();
    assert_eq!(x1 + 9, xe + 3, "numbers end in the same column (right-aligned), row {y1}");
}

#[test]
fn first_column_stays_while_the_others_scroll() {
    let mut g = grid(fixture());
    for _ in 0..5 {
        press(&mut g, KeyCode::Right);
    }
    let s = screen(&g, 80, 24);
    insta::assert_snapshot!("grid_scrolled_80x24", s);
    assert!(s.contains("region") && s.contains("north"), "frozen column kept:\n{s}");
    assert!(s.contains("tags") && s.contains("[new, gift]"), "cursor column shown:\n{s}");
    assert!(!s.contains("orders"), "columns scrolled off the left:\n{s}");
    assert!(s.contains('◀'), "a mark says columns are hidden on the left:\n{s}");
    for _ in 0..5 {
        press(&mut g, KeyCode::Left);
    }
    assert!(screen(&g, 80, 24).contains("orders"));
}

#[test]
fn sorting_covers_the_whole_result_with_nulls_last() {
    let mut g = grid(fixture());
    press(&mut g, KeyCode::Right);
    press(&mut g, KeyCode::Right);
    press(&mut g, KeyCode::Char('s'));
    press(&mut g, KeyCode::Char('s'));
    let s = screen(&g, 120, 40);
    insta::assert_snapshot!("grid_sorted_desc_120x40", s);
    let pos = |needle: &str| s.find(needle).unwrap();
    assert!(pos("98,765.12") < pos("1,234.50") && pos("1,234.50") < pos("-0.25") && pos("-0.25") < pos("NULL"), "descending, NULL last:\n{s}");
    assert!(s.contains("revenue ↓"));
    press(&mut g, KeyCode::Char('s'));
    assert!(screen(&g, 120, 40).contains("unsorted"));
}

#[test]
fn inspector_shows_json_pretty_and_scrolls() {
    let mut g = grid(fixture());
    for _ in 0..4 {
        press(&mut g, KeyCode::Right);
    }
    press(&mut g, KeyCode::Enter);
    assert!(g.inspecting());
    let s = screen(&g, 80, 24);
    insta::assert_snapshot!("grid_inspector_80x24", s);
    assert!(s.contains("\"customer\": {") && s.contains("\"vip\": true"), "{s}");
    press(&mut g, KeyCode::Down);
    let scrolled = screen(&g, 80, 24);
    assert_ne!(s, scrolled, "Down scrolls the inspector");
    assert!(!scrolled.contains("│{"), "the first line scrolled away:\n{scrolled}");
    press(&mut g, KeyCode::Esc);
    assert!(!g.inspecting());
    let s120 = {
        press(&mut g, KeyCode::Enter);
        screen(&g, 120, 40)
    };
    insta::assert_snapshot!("grid_inspector_120x40", s120);
}

#[test]
fn chart_tab_draws_bars_or_a_line_or_says_why_not() {
    let mut g = grid(by_region());
    press(&mut g, KeyCode::Char('v'));
    assert_eq!(g.view, View::Chart);
    let s = screen(&g, 80, 24);
    insta::assert_snapshot!("chart_bars_80x24", s);
    assert!(s.contains("revenue by region") && s.contains("north") && s.contains("1,200.00"), "{s}");
    let mut g = grid(fixture());
    press(&mut g, KeyCode::Char('v'));
    let s = screen(&g, 120, 40);
    insta::assert_snapshot!("chart_line_120x40", s);
    assert!(s.contains("orders over first_day"), "{s}");
    let only_numbers = {
        let schema = Arc::new(Schema::new(vec![Field::new("n", DataType::Int64, false)]));
        let b = RecordBatch::try_new(Arc::clone(&schema), vec![Arc::new(Int64Array::from(vec![42]))]).unwrap();
        ResultSet::new(schema, vec![b], false)
    };
    let mut g = grid(only_numbers);
    press(&mut g, KeyCode::Char('v'));
    assert!(screen(&g, 80, 24).contains("No chartable shape"), "{}", screen(&g, 80, 24));
}

#[test]
fn selection_and_copy_in_display_order() {
    let mut g = grid(fixture());
    press(&mut g, KeyCode::Right);
    press(&mut g, KeyCode::Char('s')); // orders ascending: -42, 0, 1000, 1234567, NULL
    press(&mut g, KeyCode::Char(' '));
    g.handle_key(KeyEvent::new(KeyCode::Down, KeyModifiers::SHIFT));
    assert_eq!(g.selected_count(), 2);
    assert_eq!(press(&mut g, KeyCode::Char('y')), Outcome::Handled);
    let Outcome::Copy { text, rows, format } = press(&mut g, KeyCode::Char('c')) else { panic!("copy") };
    assert_eq!((rows, format), (2, CopyFormat::Csv));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "region,orders,revenue,first_day,payload,tags");
    assert!(lines[1].starts_with("東京都,-42,-0.25,,plain,"), "{text}");
    assert!(lines[2].starts_with("\"a region with a very long name, longer than any column may be\",0,"), "{text}");
    assert!(screen(&g, 80, 24).contains("copied 2 rows as CSV"));
    press(&mut g, KeyCode::Esc);
    assert_eq!(g.selected_count(), 0);
}

#[test]
fn a_single_cell_copies_from_the_grid_and_the_inspector_nulls_do_not() {
    let mut g = grid(fixture());
    for _ in 0..4 {
        press(&mut g, KeyCode::Right);
    }
    // y y: the cursor's cell in full (JSON pretty-printed, as inspected).
    press(&mut g, KeyCode::Char('y'));
    let Outcome::CopyCell { text, column } = press(&mut g, KeyCode::Char('y')) else { panic!("a cell copy") };
    assert_eq!(column, "payload");
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["customer"]["vip"], true, "{text}");
    assert!(screen(&g, 80, 24).contains("copied the cell of payload"));
    // y in the inspector copies the same text and keeps it open.
    press(&mut g, KeyCode::Enter);
    assert_eq!(press(&mut g, KeyCode::Char('y')), Outcome::CopyCell { text, column: "payload".into() });
    assert!(g.inspecting());
    press(&mut g, KeyCode::Esc);
    // A NULL cell is said, not copied.
    press(&mut g, KeyCode::Down);
    press(&mut g, KeyCode::Down);
    press(&mut g, KeyCode::Char('y'));
    assert_eq!(press(&mut g, KeyCode::Char('y')), Outcome::Handled);
    assert!(screen(&g, 80, 24).contains("the cell of payload is NULL"));
}

#[test]
fn row_cap_notice_and_full_fetch_key() {
    let mut set = fixture();
    set.truncated = true;
    let mut g = grid(set);
    let buf = draw(&g, 80, 24);
    let s = text(&buf);
    assert!(s.contains("more exist (row cap)") && s.contains("f fetches up to 1,000,000"), "{s}");
    let (x, y) = find(&buf, "⚠").unwrap();
    assert!(buf[(x, y)].modifier.contains(Modifier::BOLD), "the warning carries emphasis");
    assert_eq!(press(&mut g, KeyCode::Char('f')), Outcome::FetchFull);
    let mut whole = grid(fixture());
    assert_eq!(press(&mut whole, KeyCode::Char('f')), Outcome::Handled);
}

#[test]
fn a_million_rows_scroll_sort_and_draw() {
    let mut g = grid(synthetic::result(1_000_000).unwrap());
    assert_eq!(g.rows(), 1_000_000);
    press(&mut g, KeyCode::End);
    let s = screen(&g, 120, 40);
    assert!(s.contains("of 1,000,000") && s.contains("999999"), "ids without separators:\n{s}");
    press(&mut g, KeyCode::PageUp);
    assert!(g.cursor() < 999_999 && g.cursor() > 999_900);
    press(&mut g, KeyCode::Home);
    // Sort by id descending: the last row comes first.
    sort_now(&mut g);
    sort_now(&mut g);
    let s = screen(&g, 120, 40);
    let first_row = s.lines().nth(3).unwrap_or("");
    assert!(first_row.contains("999999"), "{s}");
    // Sorting by amount puts its NULLs (every 17th row) after all numbers.
    press(&mut g, KeyCode::Right);
    press(&mut g, KeyCode::Right);
    sort_now(&mut g);
    press(&mut g, KeyCode::End);
    assert!(screen(&g, 120, 40).contains("NULL"));
    let d = g.data().unwrap();
    let before_nulls = d.row_at(1_000_000 - 58_824 - 1);
    assert!(d.text(before_nulls, 2).is_some(), "last non-NULL amount comes before the NULLs");
    for w in [(80, 24), (120, 40), (20, 5), (1, 1)] {
        let _ = screen(&g, w.0, w.1);
    }
}

/// `s` on a large result: the job it asks for, run here at once.
fn sort_now(g: &mut Grid) {
    match press(g, KeyCode::Char('s')) {
        Outcome::Sort(job) => g.sorted(job.run()),
        other => assert_eq!(other, Outcome::Handled),
    }
}

#[test]
fn a_large_sort_runs_off_the_ui_thread_and_a_stale_one_is_dropped() {
    let mut g = grid(synthetic::result(super::BACKGROUND_SORT_ROWS).unwrap());
    let Outcome::Sort(first) = press(&mut g, KeyCode::Char('s')) else { panic!("a background sort") };
    assert!(g.is_sorting());
    let s = screen(&g, 120, 40);
    assert!(s.contains("sorting 100,000 rows by id ascending…"), "{s}");
    assert!(g.data().unwrap().sort.is_none(), "nothing sorted yet: the rows stay as they were");
    // Asked again before the first came back: the first is stale.
    let Outcome::Sort(second) = press(&mut g, KeyCode::Char('s')) else { panic!("a background sort") };
    g.sorted(first.run());
    assert!(g.is_sorting() && g.data().unwrap().sort.is_none(), "the stale order is dropped");
    g.sorted(second.run());
    assert!(!g.is_sorting());
    assert!(g.data().unwrap().sort.is_some());
    assert!(g.notice.as_deref().unwrap().starts_with("sorted 100,000 rows by id"));
    // A small result is sorted at once.
    let mut small = grid(fixture());
    assert_eq!(press(&mut small, KeyCode::Char('s')), Outcome::Handled);
    assert!(small.data().unwrap().sort.is_some());
}

#[test]
fn an_empty_result_draws_and_ignores_keys_safely() {
    let set = fixture();
    let empty = ResultSet::new(set.schema.clone(), vec![], false);
    let mut g = grid(empty);
    for k in [KeyCode::Down, KeyCode::End, KeyCode::Enter, KeyCode::Char('s'), KeyCode::Char(' '), KeyCode::Char('v')] {
        press(&mut g, k);
    }
    let s = screen(&g, 80, 24);
    assert!(s.contains("no rows"), "{s}");
}

#[test]
fn wide_characters_keep_the_columns_aligned() {
    // Two-column CJK, Hangul and emoji, a zero-width combining accent, and
    // plain ASCII: each text's display width, not its chars or bytes.
    let names = ["東京都", "서울", "😀 party", "Zu\u{301}rich", "plain", "東京都新宿区"];
    let widths = [6, 4, 8, 6, 5, 12];
    for (n, w) in names.iter().zip(widths) {
        assert_eq!(super::format::width(n), w, "{n:?}");
    }
    let schema = Arc::new(Schema::new(vec![Field::new("city", DataType::Utf8, true), Field::new("orders", DataType::Int64, true)]));
    let cols: Vec<ArrayRef> = vec![Arc::new(StringArray::from(names.to_vec())), Arc::new(Int64Array::from(vec![1, 22, 333, 4_444, 55_555, 6]))];
    let g = grid(ResultSet::new(Arc::clone(&schema), vec![RecordBatch::try_new(schema, cols).unwrap()], false));
    let data = g.data().unwrap();
    assert_eq!(data.columns[0].width, 12, "the widest cell's display width (the header needs less)");
    for (w, h) in [(60u16, 12u16), (30, 12)] {
        let buf = draw(&g, w, h);
        // Every data row: the separator after the first column, and the
        // last digit of the right-aligned number, at the same display column.
        let (_, first) = find(&buf, "東").unwrap_or_else(|| panic!("not drawn at {w}:\n{}", text(&buf)));
        let shown = text(&buf);
        for n in names {
            assert!(shown.contains(n), "{n:?} not drawn whole at {w}:\n{shown}");
        }
        let rows: Vec<(u16, u16)> = (first..first + names.len() as u16)
            .map(|y| {
                let sep = (1..w).find(|&x| buf[(x, y)].symbol() == "│").unwrap();
                let last_digit = (0..w).rev().find(|&x| buf[(x, y)].symbol().chars().all(|c| c.is_ascii_digit()) && !buf[(x, y)].symbol().trim().is_empty()).unwrap();
                (sep, last_digit)
            })
            .collect();
        assert!(rows.windows(2).all(|p| p[0] == p[1]), "misaligned at {w}: {rows:?}\n{}", text(&buf));
    }
}

#[test]
fn the_rows_drawn_say_how_far_the_next_frame_moves_them() {
    let mut g = grid(synthetic::result(1000).unwrap());
    assert_eq!(g.shift(), None, "nothing drawn yet");
    draw(&g, 120, 40);
    assert_eq!(g.shift(), None, "nothing moved");
    let page = g.page.get();
    // Down inside the page moves the cursor, not the rows.
    press(&mut g, KeyCode::Down);
    assert_eq!(g.shift(), None);
    for _ in 1..page {
        press(&mut g, KeyCode::Down);
    }
    let s = g.shift().expect("past the page the rows move up one");
    assert_eq!((s.by, usize::from(s.bottom - s.top)), (1, page));
    draw(&g, 120, 40);
    press(&mut g, KeyCode::Up);
    assert_eq!(g.shift(), None, "Up inside the page");
    // A page or more (PgDn) is sent whole; so is a frame after another view.
    press(&mut g, KeyCode::PageDown);
    assert_eq!(g.shift(), None);
    g.forget_drawn();
    press(&mut g, KeyCode::Down);
    assert!(g.shift().is_none(), "nothing drawn since");
    // The chart and the inspector are not rows.
    draw(&g, 120, 40);
    press(&mut g, KeyCode::Char('v'));
    for _ in 0..page {
        press(&mut g, KeyCode::Down);
    }
    assert_eq!(g.shift(), None);
}
