//! A "your turn" message: what it says ([`Call`]), written in the language of the addresses it
//! goes to (the shell's `notify-turn-…` messages) as the [`Message`] every address gets.

/// What a "your turn" message says, before it is written in its addresses' language.
#[derive(Clone, Debug)]
pub(super) struct Call {
    /// The table's id.
    pub(super) table: String,
    /// The game's title.
    pub(super) title: String,
    /// The seat's own link (with the public address in front when there is one).
    pub(super) link: String,
}

impl Call {
    /// The message in `lang` (English when `None` or a language the server does not speak).
    pub(super) fn message(&self, lang: Option<&str>) -> Message {
        let catalog = crate::lang::catalog();
        let lang = lang
            .filter(|l| catalog.has_language(l))
            .unwrap_or(boardroom_i18n::ENGLISH);
        let args = [
            ("title", self.title.as_str().into()),
            ("table", self.table.as_str().into()),
            ("link", self.link.as_str().into()),
        ];
        Message {
            subject: catalog.message(lang, "notify-turn-subject", &args),
            text: catalog.message(lang, "notify-turn-text", &args),
            link: self.link.clone(),
        }
    }
}

/// One message, as every address gets it.
#[derive(Clone, Debug)]
pub(crate) struct Message {
    /// The e-mail's subject.
    pub subject: String,
    /// The text, with the link.
    pub text: String,
    /// The link alone.
    pub link: String,
}
