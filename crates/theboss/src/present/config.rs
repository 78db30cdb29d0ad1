//! How a table of The Boss is set up ([`Configure`]): the player count and the table options
//! (a data file, the two-player share cap).

use crate::data::DataFile;
use crate::state::{Config, TheBoss, MAX_PLAYERS, MIN_PLAYERS};
use boardroom_engine::{ConfigError, Configure, OptionKind, OptionSpec, Options, Seat};

/// The table options: a data file, and the two-player share cap variant.
const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "data",
        help: "a data file (TOML) with other positions, cards or economy than the shipped set",
        kind: OptionKind::File,
        default: None,
        lobby: true,
        players: None,
    },
    OptionSpec {
        name: "two_player_share_cap",
        help: "two players only: the Bank sells at most the data file's cap of shares (1,200 in the shipped set)",
        kind: OptionKind::Flag,
        default: None,
        lobby: true,
        players: Some((2, 2)),
    },
];

/// The configuration of `players` with `options` read: the data file (checked, errors naming
/// the field) and the two-player share cap (written into the data set's variants).
fn config_of(
    players: usize,
    first: Option<Seat>,
    options: &Options,
) -> Result<Config, ConfigError> {
    let mut data = options.text("data").map(str::to_string);
    if options.flag("two_player_share_cap") {
        if players != 2 {
            return Err(ConfigError(format!(
                "the two-player share cap is for 2 players, not {players}"
            )));
        }
        let text = data.as_deref().unwrap_or(crate::data::DEFAULT_DATA_TOML);
        let mut file: DataFile = toml::from_str(text)
            .map_err(|e| ConfigError(format!("malformed data file: {}", e.message())))?;
        file.variants.two_player_share_cap = true;
        data = Some(
            toml::to_string(&file)
                .map_err(|e| ConfigError(format!("cannot write the data file: {e}")))?,
        );
    }
    let config = Config {
        players,
        first_player: first,
        data,
    };
    config.validate()?;
    Ok(config)
}

impl Configure for TheBoss {
    const MIN_PLAYERS: usize = MIN_PLAYERS;
    const MAX_PLAYERS: usize = MAX_PLAYERS;

    fn option_specs() -> &'static [OptionSpec] {
        OPTIONS
    }

    /// The data file (when given) is read and checked, naming the field that is wrong; then
    /// the player count and the first seat.
    fn make_config(
        players: usize,
        first: Option<Seat>,
        options: &Options,
    ) -> Result<Config, ConfigError> {
        config_of(players, first, options)
    }

    fn config_players(config: &Config) -> usize {
        config.players
    }
}
