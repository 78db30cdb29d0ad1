//! `boardroom play`: terminal play against bots or friends at one keyboard (hot seat), for any
//! game of the registry: everything shown comes from the game's
//! [`Present`](boardroom_engine::Present) implementation.
//!
//! When several seats may act at once, they are offered the turn in rotation: a bot acts, a
//! person acts or lets the others go on (`wait`, offered only to a seat the game does not wait
//! for), so play never waits forever on a seat outside
//! [`must_act`](boardroom_engine::Game::must_act).

use crate::line::LineInput;
use crate::options::{config, GivenOptions};
use crate::seats::{make_bot, parse_seats, SeatSpec};
use anyhow::{bail, Context, Result};
use boardroom_bots::SeatKind;
use boardroom_engine::{Bot, Record, RecordedAction, Seat, SeatSet, Viewer};
use boardroom_registry::{Playable, Visitor};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;

/// Options of `boardroom play`.
pub struct PlayOptions {
    /// Number of players (when no seat list is given).
    pub players: usize,
    /// The seat that starts.
    pub first: Option<Seat>,
    /// The game's options as given.
    pub options: GivenOptions,
    /// Who sits where (default: one human, the rest normal bots).
    pub seats: Option<Vec<String>>,
    /// Seed of the game (default: from the clock).
    pub seed: Option<u64>,
    /// Where to write the record as the game goes.
    pub record: Option<PathBuf>,
    /// Whether colours may be used.
    pub color: bool,
    /// The language of the game's words (see [`crate::lang`]).
    pub lang: &'static str,
}

/// `boardroom play` for the game the registry finds.
pub struct Play(pub PlayOptions);

impl Visitor for Play {
    type Output = Result<()>;
    fn visit<G: Playable>(self) -> Result<()> {
        run::<G>(self.0)
    }
}

/// Which seat of several that may act is offered the turn next: the first at or after the one
/// after the last seat offered, round the table.
#[derive(Default)]
struct Rotation {
    next: Seat,
}

impl Rotation {
    fn offer(&mut self, to_act: SeatSet, players: usize) -> Option<Seat> {
        let seat = (0..players)
            .map(|k| (self.next + k) % players)
            .find(|&s| to_act.contains(s))
            .or_else(|| to_act.first())?;
        self.next = (seat + 1) % players.max(1);
        Some(seat)
    }
}

/// What a person answered.
enum Answer<A> {
    /// An action to play.
    Act(A),
    /// Let the other seats that may act go on.
    Wait,
    /// Stop (typed `quit`, or input ended).
    Quit,
}

/// An action as the list of moves shows it: the notation, and what it does when the game says
/// (in language `lang`).
pub fn explain<G: Playable>(game: &G, seat: Seat, action: &G::Action, lang: &str) -> String {
    let text = game.format_action(action.clone());
    let view = game.action_view(seat, action, lang);
    if view.effect.is_empty() {
        text
    } else {
        format!("{text} ({})", view.effect)
    }
}

fn save_record<C>(path: &Option<PathBuf>, record: &Record<C>) -> Result<()>
where
    C: serde::Serialize + serde::de::DeserializeOwned,
{
    if let Some(p) = path {
        let text = serde_json::to_string_pretty(record)?;
        std::fs::write(p, text).with_context(|| format!("cannot write record {}", p.display()))?;
    }
    Ok(())
}

/// Plays a game in the terminal until it ends or the player quits.
pub fn run<G: Playable>(mut opt: PlayOptions) -> Result<()> {
    let specs = match &opt.seats {
        Some(list) => {
            let specs = parse_seats(list)?;
            opt.players = specs.len();
            specs
        }
        None => {
            let mut v = vec![SeatSpec::Human];
            v.resize(opt.players.max(1), SeatSpec::Bot("normal".into()));
            v
        }
    };
    let config = config::<G>(opt.players, opt.first, &opt.options)?;
    let seed = opt.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(1)
    });
    let mut game = G::new(&config, seed)?;
    if game.num_players() != specs.len() {
        bail!(
            "{} seats given for {} players",
            specs.len(),
            game.num_players()
        );
    }
    let mut bots: Vec<Option<Box<dyn Bot<G>>>> = Vec::new();
    for (seat, spec) in specs.iter().enumerate() {
        bots.push(match spec {
            SeatSpec::Human => None,
            SeatSpec::Bot(name) => Some(make_bot::<G>(name, seed ^ (0xb075 + seat as u64))?),
        });
    }
    let mut record = Record::new::<G>(config.clone(), seed);
    save_record(&opt.record, &record)?;
    let color =
        opt.color && std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let humans: Vec<Seat> = (0..specs.len()).filter(|&s| bots[s].is_none()).collect();
    let hot_seat = humans.len() > 1;
    // The viewer whose eyes the log is written for: the only human, or a spectator.
    let log_viewer = match humans.as_slice() {
        [one] => Viewer::Seat(*one),
        _ => Viewer::Spectator,
    };
    let mut input = LineInput::stdin();
    let mut out = std::io::stdout();

    println!(
        "{}, seed {seed}. Seats: {}",
        G::describe_config(&config),
        specs
            .iter()
            .enumerate()
            .map(|(s, spec)| format!(
                "{} = {}",
                G::seat_name_in(s, opt.lang),
                match spec {
                    SeatSpec::Human => SeatKind::Human.name(),
                    SeatSpec::Bot(name) => name.as_str(),
                }
            ))
            .collect::<Vec<_>>()
            .join(", ")
    );
    println!("Type `help` at any prompt for the notation.\n");

    let mut legal = Vec::new();
    let mut last_human: Option<Seat> = None;
    let mut show_table = true;
    let mut rotation = Rotation::default();
    while let Some(seat) = rotation.offer(game.to_act(), game.num_players()) {
        game.legal_actions(seat, &mut legal);
        let action = match bots[seat].as_mut() {
            Some(bot) if game.must_act().contains(seat) || game.must_act().is_empty() => {
                bot.choose(&game, seat)
            }
            // A bot the game does not wait for acts only when it has something worth doing.
            Some(bot) => match bot.choose_optional(&game, seat) {
                Some(a) => a,
                None => continue,
            },
            None => {
                if hot_seat && last_human != Some(seat) {
                    // Hide the previous player's secrets before the next one looks.
                    print!("\x1b[2J\x1b[H");
                    let name = G::seat_name_in(seat, opt.lang);
                    println!("{name}'s turn. Hand the keyboard to {name} and press Enter.");
                    if input.read("", &mut out)?.is_none() {
                        println!("\nInput ended; the game is left unfinished.");
                        return Ok(());
                    }
                    show_table = true;
                }
                last_human = Some(seat);
                if show_table {
                    println!("{}", game.draw(Viewer::Seat(seat), color));
                    show_table = false;
                }
                // A seat the game does not wait for may let the others go on.
                let may_wait = !game.must_act().contains(seat);
                let how = Asking {
                    may_wait,
                    color,
                    lang: opt.lang,
                };
                match ask(&game, seat, &legal, how, &mut input, &mut out)? {
                    Answer::Act(a) => a,
                    Answer::Wait => continue,
                    Answer::Quit => {
                        println!("Game left unfinished.");
                        if let Some(p) = &opt.record {
                            println!("The record is in {}.", p.display());
                        }
                        return Ok(());
                    }
                }
            }
        };
        let text = game.format_action(action.clone());
        let events = game.play(seat, action).map_err(|e| {
            anyhow::anyhow!(
                "{} chose an illegal action `{text}`: {e}",
                G::seat_name(seat)
            )
        })?;
        record.actions.push(RecordedAction::new(seat, text.clone()));
        save_record(&opt.record, &record)?;
        println!("{}: {text}", G::seat_name_in(seat, opt.lang));
        for e in &events {
            let seen = G::redact(e, log_viewer);
            if G::starts_turn(&seen) {
                show_table = true;
                continue;
            }
            println!("    {}", G::describe(&seen, opt.lang));
        }
    }
    println!("\n{}", game.draw(Viewer::Spectator, color));
    if let Some(table) = game.score_table() {
        print!("{}", table.to_text());
    }
    if let Some(p) = &opt.record {
        println!(
            "\nThe record is in {}; `boardroom replay {}` shows it again.",
            p.display(),
            p.display()
        );
    }
    Ok(())
}

/// A group of legal actions: its name, and each member's name with its index in the list.
type Group = (String, Vec<(String, usize)>);

/// The legal actions in the groups the game asks them in (`Present::terminal_group`), in
/// the order of their first action: `(group, [(name in the group, action index)])`; `None`
/// when some action has no group or all fall into one (then they are listed one by one).
fn groups<G: Playable>(game: &G, seat: Seat, legal: &[G::Action]) -> Option<Vec<Group>> {
    let mut out: Vec<Group> = Vec::new();
    for (i, a) in legal.iter().enumerate() {
        let (group, name) = game.terminal_group(seat, a)?;
        match out.iter_mut().find(|(g, _)| *g == group) {
            Some((_, members)) => members.push((name, i)),
            None => out.push((group, vec![(name, i)])),
        }
    }
    (out.len() > 1).then_some(out)
}

/// How a person is asked: whether they may let the others go on, whether colours may be used,
/// and the language of the game's words.
#[derive(Clone, Copy)]
struct Asking {
    may_wait: bool,
    color: bool,
    lang: &'static str,
}

/// Asks a human for an action until a legal one is given (or `wait`, when `may_wait`). When
/// the game groups its actions (a placement: first where, then which piece), the group is
/// asked first, then the action within it; the notation may be typed at either step.
fn ask<G: Playable>(
    game: &G,
    seat: Seat,
    legal: &[G::Action],
    how: Asking,
    input: &mut LineInput,
    out: &mut impl Write,
) -> Result<Answer<G::Action>> {
    let Asking {
        may_wait,
        color,
        lang,
    } = how;
    let grouped = groups(game, seat, legal);
    // The group chosen in the first step, while its actions are asked.
    let mut within: Option<usize> = None;
    loop {
        writeln!(
            out,
            "{} — {}:",
            G::seat_name_in(seat, lang),
            game.prompt(lang)
        )?;
        // The numbered choices now: action indices into `legal`, or groups.
        let choices: Vec<(String, Choice)> = match (&grouped, within) {
            (Some(gs), Some(g)) => {
                writeln!(out, "  {}: which one? (`back` for the list)", gs[g].0)?;
                gs[g]
                    .1
                    .iter()
                    .map(|(name, i)| (name.clone(), Choice::Action(*i)))
                    .collect()
            }
            (Some(gs), None) => gs
                .iter()
                .enumerate()
                .map(|(g, (name, _))| (name.clone(), Choice::Group(g)))
                .collect(),
            (None, _) => legal
                .iter()
                .enumerate()
                .map(|(i, a)| (explain(game, seat, a, lang), Choice::Action(i)))
                .collect(),
        };
        let items: Vec<String> = choices
            .iter()
            .enumerate()
            .map(|(i, (text, _))| format!("[{}] {text}", i + 1))
            .collect();
        print_columns(out, &items)?;
        if may_wait {
            writeln!(out, "  (or `wait` to let the others go on)")?;
        }
        let Some(line) = input.read("> ", out)? else {
            writeln!(out, "\nInput ended.")?;
            return Ok(Answer::Quit);
        };
        let text = line.trim();
        match text.to_ascii_lowercase().as_str() {
            "back" if within.is_some() => {
                within = None;
                continue;
            }
            "" => continue,
            "quit" | "exit" | "q" => return Ok(Answer::Quit),
            "wait" if may_wait => return Ok(Answer::Wait),
            "help" | "?" => {
                writeln!(out, "{}", G::notation_help())?;
                continue;
            }
            "board" | "table" => {
                writeln!(out, "{}", game.draw(Viewer::Seat(seat), color))?;
                continue;
            }
            _ => {}
        }
        if let Ok(n) = text.parse::<usize>() {
            match choices.get(n.wrapping_sub(1)).map(|c| c.1) {
                Some(Choice::Action(i)) => return Ok(Answer::Act(legal[i].clone())),
                Some(Choice::Group(g)) => {
                    let members = &grouped.as_ref().expect("groups listed")[g].1;
                    // A group of one action is that action.
                    if let [(_, only)] = members.as_slice() {
                        return Ok(Answer::Act(legal[*only].clone()));
                    }
                    within = Some(g);
                }
                None => writeln!(out, "✗ there is no move {n}: choose 1-{}", choices.len())?,
            }
            continue;
        }
        match game.parse_action(text) {
            Err(e) => writeln!(out, "✗ {e}")?,
            Ok(a) => match game.check(seat, a.clone()) {
                Ok(()) => return Ok(Answer::Act(a)),
                Err(e) => writeln!(out, "✗ {}: {}", game.format_action(a), G::refusal(&e, lang))?,
            },
        }
    }
}

/// What a number typed at the prompt chooses.
#[derive(Clone, Copy)]
enum Choice {
    /// The legal action at this index.
    Action(usize),
    /// The group at this index (its actions are asked next).
    Group(usize),
}

fn print_columns(out: &mut impl Write, items: &[String]) -> std::io::Result<()> {
    let width = items.iter().map(|s| s.chars().count()).max().unwrap_or(0) + 2;
    let per_line = (78 / width.max(1)).max(1);
    for chunk in items.chunks(per_line) {
        let line: String = chunk.iter().map(|s| format!("{s:<width$}")).collect();
        writeln!(out, "  {}", line.trim_end())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_seat_to_act_is_always_offered_the_turn() {
        let mut r = Rotation::default();
        for seat in [2, 2, 0, 3, 1, 1] {
            assert_eq!(r.offer(SeatSet::single(seat), 4), Some(seat));
        }
        assert_eq!(r.offer(SeatSet::EMPTY, 4), None);
    }

    #[test]
    fn several_seats_to_act_are_offered_the_turn_in_rotation() {
        let mut r = Rotation::default();
        let set: SeatSet = [0, 2, 3].into_iter().collect();
        let offered: Vec<Seat> = (0..7).map(|_| r.offer(set, 4).unwrap()).collect();
        assert_eq!(offered, [0, 2, 3, 0, 2, 3, 0]);
        // When the set changes, the rotation goes on from where it was.
        let mut r = Rotation::default();
        assert_eq!(r.offer(SeatSet::all(4), 4), Some(0));
        assert_eq!(r.offer(SeatSet::all(4), 4), Some(1));
        let set: SeatSet = [0, 1].into_iter().collect();
        assert_eq!(r.offer(set, 4), Some(0));
        assert_eq!(r.offer(set, 4), Some(1));
    }
}
