//! Canonical JSON against the examples of RFC 8785, and the properties the
//! audit hash relies on (map order does not matter, text and value agree).

use rstest::rstest;
use serde_json::{json, Map, Value};

use crate::audit::jcs::{canonicalize, cmp_utf16, parse, to_vec, write_f64, JcsError};

fn f64_text(x: f64) -> String {
    let mut out = Vec::new();
    write_f64(x, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

/// RFC 8785 Appendix B: IEEE 754 bit patterns and their JCS text.
#[rstest]
#[case(0x0000000000000000, "0")]
#[case(0x8000000000000000, "0")]
#[case(0x0000000000000001, "5e-324")]
#[case(0x8000000000000001, "-5e-324")]
#[case(0x7fefffffffffffff, "1.7976931348623157e+308")]
#[case(0xffefffffffffffff, "-1.7976931348623157e+308")]
#[case(0x4340000000000000, "9007199254740992")]
#[case(0xc340000000000000, "-9007199254740992")]
#[case(0x4430000000000000, "295147905179352830000")]
#[case(0x44b52d02c7e14af5, "9.999999999999997e+22")]
#[case(0x44b52d02c7e14af6, "1e+23")]
#[case(0x44b52d02c7e14af7, "1.0000000000000001e+23")]
#[case(0x444b1ae4d6e2ef4e, "999999999999999700000")]
#[case(0x444b1ae4d6e2ef4f, "999999999999999900000")]
#[case(0x444b1ae4d6e2ef50, "1e+21")]
#[case(0x3eb0c6f7a0b5ed8c, "9.999999999999997e-7")]
#[case(0x3eb0c6f7a0b5ed8d, "0.000001")]
#[case(0x41b3de4355555553, "333333333.3333332")]
#[case(0x41b3de4355555554, "333333333.33333325")]
#[case(0x41b3de4355555555, "333333333.3333333")]
#[case(0x41b3de4355555556, "333333333.3333334")]
#[case(0x41b3de4355555557, "333333333.33333343")]
#[case(0xbecbf647612f3696, "-0.0000033333333333333333")]
#[case(0x43143ff3c1cb0959, "1424953923781206.2")]
fn rfc8785_appendix_b_numbers(#[case] bits: u64, #[case] expected: &str) {
    let x = f64::from_bits(bits);
    assert_eq!(f64_text(x), expected);
    // The same number read from text (its own output) canonicalizes the same.
    assert_eq!(canonicalize(expected).unwrap(), expected.as_bytes());
    assert_eq!(
        canonicalize(&format!("{x:e}")).unwrap(),
        expected.as_bytes()
    );
}

#[rstest]
#[case(0x7fffffffffffffff)] // NaN
#[case(0x7ff0000000000000)] // Infinity
#[case(0xfff0000000000000)] // -Infinity
fn rfc8785_appendix_b_non_finite_numbers_are_refused(#[case] bits: u64) {
    assert_eq!(
        write_f64(f64::from_bits(bits), &mut Vec::new()),
        Err(JcsError::NonFinite { offset: 0 })
    );
}

/// RFC 8785 section 3.2.2 (sample input and its canonical form).
#[test]
fn rfc8785_sample_object() {
    let input = r#"{
        "numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],
        "string": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/",
        "literals": [null, true, false]
      }"#;
    let expected =
        "{\"literals\":[null,true,false],\"numbers\":[333333333.3333333,1e+30,4.5,0.002,1e-27],\
                    \"string\":\"\u{20ac}$\\u000f\\nA'B\\\"\\\\\\\\\\\"/\"}";
    assert_eq!(
        String::from_utf8(canonicalize(input).unwrap()).unwrap(),
        expected
    );
}

/// RFC 8785 section 3.2.3: keys sorted by UTF-16 code units, so the emoji
/// (a surrogate pair, D83D) sorts before U+FB33 although its code point is
/// larger.
#[test]
fn rfc8785_property_sorting() {
    let input = r#"{
        "\u20ac": "Euro Sign",
        "\r": "Carriage Return",
        "\ufb33": "Hebrew Letter Dalet With Dagesh",
        "1": "One",
        "\ud83d\ude00": "Emoji: Grinning Face",
        "\u0080": "Control",
        "\u00f6": "Latin Small Letter O With Diaeresis"
      }"#;
    let out = String::from_utf8(canonicalize(input).unwrap()).unwrap();
    let keys: Vec<String> = match parse(&out).unwrap() {
        crate::audit::jcs::Node::Obj(m) => m.into_iter().map(|(k, _)| k.into_owned()).collect(),
        other => panic!("not an object: {other:?}"),
    };
    assert_eq!(
        keys,
        [
            "\r",
            "1",
            "\u{80}",
            "\u{f6}",
            "\u{20ac}",
            "\u{1f600}",
            "\u{fb33}"
        ]
    );
    assert!(out.starts_with("{\"\\r\":\"Carriage Return\",\"1\":\"One\""));
    assert_eq!(cmp_utf16("\u{1f600}", "\u{fb33}"), std::cmp::Ordering::Less);
    assert_eq!(
        "\u{1f600}".cmp("\u{fb33}"),
        std::cmp::Ordering::Greater,
        "byte order differs here"
    );
}

/// The same sorting through the in-memory path, whatever insertion order.
#[test]
fn value_keys_sort_by_utf16_regardless_of_insertion_order() {
    let keys = [
        "\u{fb33}",
        "\u{1f600}",
        "\r",
        "1",
        "\u{80}",
        "\u{20ac}",
        "\u{f6}",
    ];
    let mut forward = Map::new();
    for k in keys {
        forward.insert(k.to_string(), json!(k.len()));
    }
    let mut backward = Map::new();
    for k in keys.iter().rev() {
        backward.insert(k.to_string(), json!(k.len()));
    }
    let a = to_vec(&Value::Object(forward)).unwrap();
    let b = to_vec(&Value::Object(backward)).unwrap();
    assert_eq!(a, b);
    let text = String::from_utf8(a).unwrap();
    assert_eq!(
        canonicalize(&text).unwrap(),
        text.as_bytes(),
        "canonical output is a fixed point"
    );
    assert!(text.find('\u{1f600}') < text.find('\u{fb33}'));
}

#[rstest]
#[case("\"\\u0000\\u001f\\u007f\"", "\"\\u0000\\u001f\u{7f}\"")]
#[case("\"\\b\\f\\n\\r\\t\"", "\"\\b\\f\\n\\r\\t\"")]
#[case("\"\\u0008\\u000C\"", "\"\\b\\f\"")]
#[case("\"\\/ \\u2028 \\u00e9\"", "\"/ \u{2028} \u{e9}\"")]
#[case("\"\\ud83d\\ude00\"", "\"\u{1f600}\"")]
#[case(
    " [ 1 , -0 , -0.0 , 1.0 , 1e2 , 1E-2 , 100000000000000000000000 ] ",
    "[1,0,0,1,100,0.01,1e+23]"
)]
#[case(
    "{\"b\":{\"z\":1,\"a\":[]},\"a\":{}}",
    "{\"a\":{},\"b\":{\"a\":[],\"z\":1}}"
)]
#[case("0.30000000000000004", "0.30000000000000004")]
#[case("9007199254740993", "9007199254740992")]
#[case("123456789012345", "123456789012345")]
#[case("-123456789012345678", "-123456789012345680")]
fn canonical_forms(#[case] input: &str, #[case] expected: &str) {
    assert_eq!(
        String::from_utf8(canonicalize(input).unwrap()).unwrap(),
        expected
    );
}

#[rstest]
#[case("{\"a\":1,\"a\":2}")]
#[case("\"\\ud800\"")]
#[case("\"\\udc00x\"")]
#[case("\"\\ud800\\u0041\"")]
#[case("1e400")]
#[case("-1e400")]
#[case("01")]
#[case("1.")]
#[case(".5")]
#[case("+1")]
#[case("[1,]")]
#[case("{\"a\" 1}")]
#[case("\"tab\there\"")]
#[case("\"unterminated")]
#[case("NaN")]
#[case("[] []")]
#[case("")]
fn refused_input(#[case] input: &str) {
    assert!(canonicalize(input).is_err(), "{input:?} should be refused");
}

#[test]
fn nesting_is_bounded() {
    let deep = "[".repeat(200) + &"]".repeat(200);
    assert_eq!(canonicalize(&deep), Err(JcsError::TooDeep));
    let ok = "[".repeat(100) + &"]".repeat(100);
    assert!(canonicalize(&ok).is_ok());
}

/// Floats built in memory and read back from their canonical text give
/// the same bytes: what the writer hashes is what the verifier hashes.
#[test]
fn value_and_text_paths_agree_on_awkward_doubles() {
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut values = vec![
        0.1 + 0.2,
        1.0 / 3.0,
        2.0f64.powi(60),
        1e21,
        1e-7,
        123.456e300,
        5e-324,
    ];
    for _ in 0..2000 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let f = f64::from_bits(x);
        if f.is_finite() {
            values.push(f);
        }
    }
    for v in values {
        let value = json!([v, -v]);
        let from_value = to_vec(&value).unwrap();
        let text = String::from_utf8(from_value.clone()).unwrap();
        assert_eq!(canonicalize(&text).unwrap(), from_value, "{v:e}");
    }
}

#[test]
fn large_integers_in_values_go_through_doubles() {
    assert_eq!(to_vec(&json!(u64::MAX)).unwrap(), b"18446744073709552000");
    assert_eq!(to_vec(&json!(i64::MIN)).unwrap(), b"-9223372036854776000");
    assert_eq!(
        to_vec(&json!(9_007_199_254_740_993u64)).unwrap(),
        b"9007199254740992"
    );
    assert_eq!(to_vec(&json!(-42)).unwrap(), b"-42");
}
