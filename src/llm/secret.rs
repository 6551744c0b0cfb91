//! An API key that cannot be printed by accident: `Debug` and `Display`
//! show `***`; the text is read only through [`Secret::expose`], at the one
//! place a request header is built, and by [`Secret::redact`], which scrubs it
//! out of text a server sent back.

/// A secret string (an API key).
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn new(text: impl Into<String>) -> Secret {
        Secret(text.into())
    }

    /// The key itself, for a request header and nothing else.
    pub fn expose(&self) -> &str {
        &self.0
    }

    /// `text` with every occurrence of the key replaced by `***`.
    pub fn redact(&self, text: &str) -> String {
        if self.0.len() < 4 {
            return text.to_string(); // too short to be a key worth hunting for
        }
        text.replace(&self.0, "***")
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("***")
    }
}

impl std::fmt::Display for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("***")
    }
}

#[cfg(test)]
mod tests {
    use super::Secret;

    #[test]
    fn never_printed() {
        let s = Secret::new("sk-ant-very-secret");
        assert_eq!(format!("{s:?} {s} {:?}", Some(&s)), "*** *** Some(***)");
        assert_eq!(s.redact("bad key sk-ant-very-secret given"), "bad key *** given");
        assert_eq!(s.expose(), "sk-ant-very-secret");
    }
}
