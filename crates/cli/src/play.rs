//! `boardroom play`: terminal play against bots or friends at one keyboard (hot seat), for any
//! game of the registry: everything shown comes from the game's
//! [`Present`](boardroom_engine::Present) implementation.
//!
//! When several seats may act at once, they are offered the turn in rotation: a bot acts, a
//! person acts or lets the others go on (`wait`, offered only to a seat the game does not wait
//! for), so play never waits forever on a seat outside
//! [`must_act`](boardroom_engine::Game::must_act).
//!
//! The terminal's own words (headings, questions, commands, errors) are the messages
//! `play-…` of `crates/cli/locales/<lang>/cli.ftl` ([`crate::words`]); the game's words come
//! from its `Present`, in the same language.

use crate::line::LineInput;
use crate::options::{config, GivenOptions};
use crate::seats::{make_bot, parse_seats, SeatSpec};
use crate::words::Words;
use anyhow::{bail, Context, Result};
use boardroom_engine::{Bot, Record, RecordedAction, Seat, SeatSet, Viewer};
use boardroom_i18n::Arg;
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

fn save_record<C>(path: &Option<PathBuf>, record: &Record<C>, words: Words) -> Result<()>
where
    C: serde::Serialize + serde::de::DeserializeOwned,
{
    if let Some(p) = path {
        let text = serde_json::to_string_pretty(record)?;
        std::fs::write(p, text).with_context(|| {
            words.t(
                "play-cannot-write-record",
                &[("path", p.display().to_string().into())],
            )
        })?;
    }
    Ok(())
}

/// The commands understood at the prompt: each in English and in the reader's language.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Command {
    Help,
    Board,
    Quit,
    Wait,
    Back,
}

impl Command {
    /// The message of the command's word, and the other English words that mean it.
    fn words(self) -> (&'static str, &'static [&'static str]) {
        match self {
            Command::Help => ("play-cmd-help", &["help", "?"]),
            Command::Board => ("play-cmd-board", &["board", "table"]),
            Command::Quit => ("play-cmd-quit", &["quit", "exit", "q"]),
            Command::Wait => ("play-cmd-wait", &["wait"]),
            Command::Back => ("play-cmd-back", &["back"]),
        }
    }

    /// The command's word in the reader's language, as the terminal writes it.
    fn word(self, words: Words) -> String {
        words.t(self.words().0, &[])
    }

    /// The command typed as `text` (already trimmed), if any: its English words or the
    /// language's word, in any letter case.
    fn read(text: &str, words: Words) -> Option<Command> {
        let text = text.to_lowercase();
        [
            Command::Help,
            Command::Board,
            Command::Quit,
            Command::Wait,
            Command::Back,
        ]
        .into_iter()
        .find(|c| c.words().1.contains(&text.as_str()) || c.word(words).to_lowercase() == text)
    }
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
    let words = Words::of(opt.lang);
    if game.num_players() != specs.len() {
        bail!(words.t(
            "play-seats-mismatch",
            &[
                ("seats", specs.len().into()),
                ("players", game.num_players().into())
            ]
        ));
    }
    let mut bots: Vec<Option<Box<dyn Bot<G>>>> = Vec::new();
    for (seat, spec) in specs.iter().enumerate() {
        bots.push(match spec {
            SeatSpec::Human => None,
            SeatSpec::Bot(name) => Some(make_bot::<G>(name, seed ^ (0xb075 + seat as u64))?),
        });
    }
    let mut record = Record::new::<G>(config.clone(), seed);
    save_record(&opt.record, &record, words)?;
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

    let seats = specs
        .iter()
        .enumerate()
        .map(|(s, spec)| {
            let who = match spec {
                SeatSpec::Human => words.t("play-human", &[]),
                // A bot by the name it was given on the command line.
                SeatSpec::Bot(name) => name.clone(),
            };
            let name = Arg::Text(G::seat_name_in(s, opt.lang));
            words.t("play-seat", &[("name", name), ("who", who.into())])
        })
        .collect::<Vec<_>>()
        .join(", ");
    let header = [
        ("config", Arg::Text(G::describe_config(&config, opt.lang))),
        ("seed", Arg::Text(seed.to_string())),
        ("seats", Arg::Text(seats)),
    ];
    println!("{}", words.t("play-header", &header));
    let help = Arg::Text(Command::Help.word(words));
    println!("{}\n", words.t("play-type-help", &[("help", help)]));

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
                    let name = Arg::Text(G::seat_name_in(seat, opt.lang));
                    println!("{}", words.t("play-hand-over", &[("name", name)]));
                    if input.read("", &mut out)?.is_none() {
                        println!("\n{}", words.t("play-input-ended-unfinished", &[]));
                        return Ok(());
                    }
                    show_table = true;
                }
                last_human = Some(seat);
                if show_table {
                    println!("{}", game.draw(Viewer::Seat(seat), color, opt.lang));
                    show_table = false;
                }
                // A seat the game does not wait for may let the others go on.
                let may_wait = !game.must_act().contains(seat);
                let how = Asking {
                    may_wait,
                    color,
                    lang: opt.lang,
                    words,
                };
                match ask(&game, seat, &legal, how, &mut input, &mut out)? {
                    Answer::Act(a) => a,
                    Answer::Wait => continue,
                    Answer::Quit => {
                        println!("{}", words.t("play-left-unfinished", &[]));
                        if let Some(p) = &opt.record {
                            let path = Arg::Text(p.display().to_string());
                            println!("{}", words.t("play-record-in", &[("path", path)]));
                        }
                        return Ok(());
                    }
                }
            }
        };
        let text = game.format_action(action.clone());
        let events = game.play(seat, action).map_err(|e| {
            anyhow::anyhow!(words.t(
                "play-bot-illegal",
                &[
                    ("name", G::seat_name_in(seat, opt.lang).into()),
                    ("action", text.clone().into()),
                    ("reason", G::refusal(&e, opt.lang).into()),
                ]
            ))
        })?;
        record.actions.push(RecordedAction::new(seat, text.clone()));
        save_record(&opt.record, &record, words)?;
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
    println!("\n{}", game.draw(Viewer::Spectator, color, opt.lang));
    if let Some(table) = game.score_table(opt.lang) {
        print!("{}", table.to_text(&words.t("play-player", &[])));
    }
    if let Some(p) = &opt.record {
        let path = Arg::Text(p.display().to_string());
        println!("\n{}", words.t("play-record-replay", &[("path", path)]));
    }
    Ok(())
}

/// A group of legal actions: its name, and each member's name with its index in the list.
type Group = (String, Vec<(String, usize)>);

/// The legal actions in the groups the game asks them in (`Present::terminal_group`), in
/// the order of their first action: `(group, [(name in the group, action index)])`; `None`
/// when some action has no group or all fall into one (then they are listed one by one).
fn groups<G: Playable>(
    game: &G,
    seat: Seat,
    legal: &[G::Action],
    lang: &str,
) -> Option<Vec<Group>> {
    let mut out: Vec<Group> = Vec::new();
    for (i, a) in legal.iter().enumerate() {
        let (group, name) = game.terminal_group(seat, a, lang)?;
        match out.iter_mut().find(|(g, _)| *g == group) {
            Some((_, members)) => members.push((name, i)),
            None => out.push((group, vec![(name, i)])),
        }
    }
    (out.len() > 1).then_some(out)
}

/// How a person is asked: whether they may let the others go on, whether colours may be used,
/// the language of the game's words and the terminal's own words in it.
#[derive(Clone, Copy)]
struct Asking {
    may_wait: bool,
    color: bool,
    lang: &'static str,
    words: Words,
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
        words,
    } = how;
    let grouped = groups(game, seat, legal, lang);
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
                let back = Command::Back.word(words);
                let args = [("group", gs[g].0.as_str().into()), ("back", back.into())];
                writeln!(out, "  {}", words.t("play-which-one", &args))?;
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
            let wait = Command::Wait.word(words);
            writeln!(
                out,
                "  {}",
                words.t("play-or-wait", &[("wait", wait.into())])
            )?;
        }
        let Some(line) = input.read("> ", out)? else {
            writeln!(out, "\n{}", words.t("play-input-ended", &[]))?;
            return Ok(Answer::Quit);
        };
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        match Command::read(text, words) {
            Some(Command::Back) if within.is_some() => {
                within = None;
                continue;
            }
            Some(Command::Quit) => return Ok(Answer::Quit),
            Some(Command::Wait) if may_wait => return Ok(Answer::Wait),
            Some(Command::Help) => {
                writeln!(out, "{}", G::notation_help(lang))?;
                let args = [
                    ("board", Command::Board.word(words).into()),
                    ("help", Command::Help.word(words).into()),
                    ("quit", Command::Quit.word(words).into()),
                ];
                writeln!(out, "{}", words.t("play-commands", &args))?;
                continue;
            }
            Some(Command::Board) => {
                writeln!(out, "{}", game.draw(Viewer::Seat(seat), color, lang))?;
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
                None => {
                    let args = [("number", n.into()), ("count", choices.len().into())];
                    writeln!(out, "✗ {}", words.t("play-no-move", &args))?
                }
            }
            continue;
        }
        match game.parse_action(text) {
            Err(e) => {
                let args = [("input", e.input.into()), ("reason", e.reason.into())];
                writeln!(out, "✗ {}", words.t("play-bad-input", &args))?
            }
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
