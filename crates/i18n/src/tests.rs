use super::*;

const EN: &str = "\
hello = Hello, { $name }!
seats = { $count ->
    [one] one seat
   *[other] { $count } seats
}
button = Send
    .title = Send the message
";

const DE: &str = "\
hello = Hallo, { $name }!
seats = { $count ->
    [one] ein Platz
   *[other] { $count } Plätze
}
button = Senden
    .title = Die Nachricht senden
";

fn catalog(de: &'static str) -> Catalog {
    Catalog::new(&[
        Source {
            lang: "en",
            name: "t",
            ftl: EN,
        },
        Source {
            lang: "de",
            name: "t",
            ftl: de,
        },
    ])
    .unwrap()
}

#[test]
fn messages_in_each_language_with_plurals() {
    let c = catalog(DE);
    assert_eq!(
        c.message("de", "hello", &[("name", "Ada".into())]),
        "Hallo, Ada!"
    );
    assert_eq!(
        c.message("de", "seats", &[("count", 1.into())]),
        "ein Platz"
    );
    assert_eq!(c.message("de", "seats", &[("count", 4.into())]), "4 Plätze");
    assert_eq!(c.message("en", "seats", &[("count", 4.into())]), "4 seats");
    assert!(c.check().is_empty(), "{:?}", c.check());
}

#[test]
fn a_missing_message_falls_back_to_english_never_an_id() {
    let c = catalog("hello = Hallo, { $name }!\n");
    assert_eq!(c.message("de", "seats", &[("count", 2.into())]), "2 seats");
    // An unknown language is English.
    assert_eq!(c.message("fr", "button", &[]), "Send");
    let text = c.message("de", "no-such-message", &[]);
    assert!(!text.is_empty() && text != "no-such-message", "{text}");
}

#[test]
fn a_message_argument_is_formatted_in_the_same_language() {
    let c = catalog(DE);
    let inner = Message::new("seats").arg("count", 3);
    let outer = Message::new("hello").arg("name", inner);
    assert_eq!(c.format("de", &outer), "Hallo, 3 Plätze!");
    assert_eq!(c.format("en", &outer), "Hello, 3 seats!");
    assert!(c.fallbacks().is_empty(), "{:?}", c.fallbacks());
}

#[test]
fn fallbacks_are_recorded_once_for_each_language_and_id() {
    let c = catalog("hello = Hallo, { $name }!\n");
    assert!(c.fallbacks().is_empty());
    c.message("de", "seats", &[("count", 2.into())]);
    c.message("de", "seats", &[("count", 3.into())]);
    c.message("de", "hello", &[("name", "Ada".into())]);
    c.message("en", "no-such-message", &[]);
    assert_eq!(
        c.fallbacks(),
        vec![
            ("de".to_string(), "seats".to_string()),
            ("en".to_string(), "no-such-message".to_string())
        ]
    );
}

#[test]
fn the_check_names_missing_messages_and_other_variables() {
    let c = catalog("hello = Hallo, { $who }!\nbutton = Senden\nextra = Nur hier\n");
    let problems: Vec<String> = c.check().iter().map(|p| p.to_string()).collect();
    assert!(
        problems.contains(&"de `seats`: missing".to_string()),
        "{problems:?}"
    );
    assert!(
        problems.contains(&"de `hello`: variables who where English has name".to_string()),
        "{problems:?}"
    );
    assert!(
        problems.contains(&"de `button`: attributes none where English has title".to_string()),
        "{problems:?}"
    );
    assert!(
        problems.contains(&"de `extra`: not in English".to_string()),
        "{problems:?}"
    );
}

#[test]
fn choosing_a_language() {
    let c = catalog(DE);
    assert_eq!(c.choose(None, Some("de-DE,de;q=0.9,en;q=0.8")), "de");
    assert_eq!(c.choose(None, Some("fr-FR,en-US;q=0.8")), "en");
    assert_eq!(c.choose(None, Some("fr")), "en");
    assert_eq!(c.choose(None, None), "en");
    assert_eq!(c.choose(Some("en"), Some("de")), "en");
    assert_eq!(c.choose(Some("xx"), Some("de")), "de");
    assert_eq!(c.choose(Some(PSEUDO), None), PSEUDO);
    assert_eq!(c.choose(None, Some("en-XA")), "en");
    assert_eq!(c.choose(None, Some(";;;q=,,de")), "de");
    assert_eq!(c.languages(), vec!["en", "de"]);
}

#[test]
fn the_pseudo_locale_wraps_and_lengthens() {
    let c = catalog(DE);
    let text = c.message(PSEUDO, "hello", &[("name", "Ada".into())]);
    assert!(text.starts_with('⟦') && text.ends_with('⟧'), "{text}");
    assert!(text.contains("Ada"), "{text}");
    assert!(text.contains("Hél"), "{text}");
    let english = c.message("en", "hello", &[("name", "Ada".into())]);
    assert!(
        text.chars().count() >= english.chars().count() * 13 / 10,
        "{text}"
    );
    assert_eq!(c.ftl(PSEUDO), c.ftl("en"));
}

#[test]
fn a_bad_file_or_a_repeated_message_is_refused() {
    let bad = Catalog::new(&[Source {
        lang: "en",
        name: "t",
        ftl: "hello = {",
    }]);
    assert!(bad.unwrap_err().reason.contains("en/t.ftl"));
    let twice = Catalog::new(&[
        Source {
            lang: "en",
            name: "a",
            ftl: "x = 1\n",
        },
        Source {
            lang: "en",
            name: "b",
            ftl: "x = 2\n",
        },
    ]);
    assert!(twice.unwrap_err().reason.contains("en/b.ftl"));
    assert!(Catalog::new(&[]).is_err());
}

#[test]
fn numbers_are_grouped_as_each_language_writes_them() {
    let c = Catalog::new(&[
        Source {
            lang: "en",
            name: "t",
            ftl: "cash = ${ $amount }\nshare = { NUMBER($x, minimumFractionDigits: 1) }\n",
        },
        Source {
            lang: "de",
            name: "t",
            ftl: "cash = { $amount } $\nshare = { NUMBER($x, minimumFractionDigits: 1) }\n",
        },
    ])
    .unwrap();
    assert_eq!(
        c.message("en", "cash", &[("amount", 1200.into())]),
        "$1,200"
    );
    assert_eq!(
        c.message("de", "cash", &[("amount", 1200.into())]),
        "1.200 $"
    );
    assert_eq!(
        c.message("de", "cash", &[("amount", (-1_234_567).into())]),
        "-1.234.567 $"
    );
    assert_eq!(c.message("de", "cash", &[("amount", 950.into())]), "950 $");
    assert_eq!(
        c.message("de", "share", &[("x", Arg::Number(12.5))]),
        "12,5"
    );
    assert_eq!(
        c.message("en", "share", &[("x", Arg::Number(1234.0))]),
        "1,234.0"
    );
    // The pseudo-locale writes numbers as English does, its words lengthened.
    assert_eq!(
        c.message(PSEUDO, "cash", &[("amount", 1200.into())]),
        "⟦$1,200⟧"
    );
    assert_eq!(number("de", 12_000.0), "12.000");
    assert_eq!(number("fr", 12_000.0), "12\u{202F}000");
    assert_eq!(number("en", 999.0), "999");
}
