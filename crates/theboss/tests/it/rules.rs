//! Every rule and decision of the rules file, one test (or more) each, in one module per part
//! of the rules.

use crate::common;

use boardroom_engine::{Game, SeatSet, Viewer};
use boardroom_theboss::state::{Ending, Step};
use boardroom_theboss::{Config, Event, TheBoss};
use common::*;

mod auctions;
mod careers;
mod deals;
mod fate;
mod meetings;
mod offers;
