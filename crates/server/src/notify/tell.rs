//! Messages told at once, whatever the seat's turn and presence (an invitation to a seat):
//! each address gets one message, with the retries of "your turn" messages.

use super::{deliver, Addresses, Message, Notifier};
use boardroom_engine::Seat;

impl Notifier {
    /// Tells `to` at once about `seat` at `table` (an invitation to it): `subject`, then `text`
    /// followed by `link` (a path, put behind the public URL).
    pub fn tell(
        &self,
        table: &str,
        seat: Seat,
        to: Addresses,
        subject: String,
        text: &str,
        link: &str,
    ) {
        let link = match &self.settings.public_url {
            Some(base) => format!("{}{link}", base.trim_end_matches('/')),
            None => link.to_string(),
        };
        let message = Message {
            subject,
            text: format!("{text} {link}"),
            link,
        };
        let emails = to.email.map(deliver::Target::Email);
        let hooks = to.webhook.map(deliver::Target::Webhook);
        for target in emails.into_iter().chain(hooks) {
            deliver::spawn(
                self.sender.clone(),
                self.stats.clone(),
                self.settings.clone(),
                target,
                message.clone(),
                table.to_string(),
                seat,
            );
        }
    }
}
