//! The reference bot of The Boss (§9.8), apart from the rules: the valuation of a whole
//! holding ([`worth`]), of deals and promises on it ([`deal`]), of Fate cards, jobs, firing
//! and votes ([`value`]), the chance a firing happens and what a vote changes ([`firing`]), and the choices ([`policy`]; answers, counters, its own offers,
//! settle, default and walk away in `trade`); and the search levels' leaf evaluation, win
//! chances fitted to the reference player's games ([`race`]), and the wider choices the
//! upper levels weigh (`wide`). The rules never call into it;
//! the game reaches it only through its [`boardroom_engine::evaluate::Evaluate`] hooks
//! ([`crate::evaluate`]).

pub mod deal;
pub mod firing;
pub mod policy;
pub mod race;
mod trade;
pub mod value;
mod wide;
pub mod worth;
