//! Schema migrations, applied in order on open. Never edit a released migration: add one.

use crate::{Error, Result};
use rusqlite::Connection;

/// Migration `i` brings the schema from version `i` to `i + 1`.
const MIGRATIONS: &[&str] = &[
    FIRST, SECOND, THIRD, FOURTH, FIFTH, SIXTH, SEVENTH, EIGHTH, NINTH, TENTH, ELEVENTH, TWELFTH,
    THIRTEENTH, FOURTEENTH, FIFTEENTH, SIXTEENTH,
];

/// 1: games and their moves.
pub(crate) const FIRST: &str = "CREATE TABLE games (
        id TEXT PRIMARY KEY,
        rules TEXT NOT NULL,
        preset TEXT,
        start TEXT NOT NULL,
        opponent TEXT NOT NULL,
        level TEXT,
        computer_seat TEXT,
        south_token TEXT NOT NULL,
        north_token TEXT NOT NULL,
        south_joined INTEGER NOT NULL DEFAULT 0,
        north_joined INTEGER NOT NULL DEFAULT 0,
        resigned TEXT,
        status TEXT NOT NULL,
        rematch TEXT,
        rematch_of TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
    );
    CREATE INDEX games_playing ON games(opponent) WHERE status = 'playing';
    CREATE TABLE moves (
        game_id TEXT NOT NULL REFERENCES games(id),
        ply INTEGER NOT NULL,
        mv TEXT NOT NULL,
        at INTEGER NOT NULL,
        PRIMARY KEY (game_id, ply)
    ) WITHOUT ROWID;";

/// 2: each game's move count, so that a load can tell when moves are missing.
pub(crate) const SECOND: &str = "ALTER TABLE games ADD COLUMN plies INTEGER NOT NULL DEFAULT 0;
    UPDATE games SET plies = (SELECT count(*) FROM moves WHERE moves.game_id = games.id);";

/// 3: the current position of friend games in play (seen from the side to move), so that an
/// analysis request can be refused for a position of a game between two people.
pub(crate) const THIRD: &str = "ALTER TABLE games ADD COLUMN position TEXT;
    CREATE INDEX games_live_friend_position ON games(position)
        WHERE status = 'playing' AND opponent = 'friend';";

/// 4: the players' names, for games whose players name themselves (KGP bots); empty for
/// the others, whose names follow from the opponent kind.
pub(crate) const FOURTH: &str = "ALTER TABLE games ADD COLUMN south_name TEXT;
    ALTER TABLE games ADD COLUMN north_name TEXT;";

/// 5: bots that identify with a token (only its hash is kept, as `id`) and the computer
/// levels they meet (`id` `level:NAME`), with their Glicko-2 ratings and results; and a
/// comment a player may send with a move (KGP `info:comment`).
pub(crate) const FIFTH: &str = "CREATE TABLE bots (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        authors TEXT,
        description TEXT,
        rating REAL NOT NULL DEFAULT 1500,
        deviation REAL NOT NULL DEFAULT 350,
        volatility REAL NOT NULL DEFAULT 0.06,
        wins INTEGER NOT NULL DEFAULT 0,
        draws INTEGER NOT NULL DEFAULT 0,
        losses INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
    );
    CREATE INDEX bots_rating ON bots(rating) WHERE wins + draws + losses > 0;
    ALTER TABLE moves ADD COLUMN comment TEXT;";

/// 6: players (guests and accounts) and their log-in sessions; each game's start seats may
/// name the player who sat there. Sessions keep only a hash of their token.
pub(crate) const SIXTH: &str = "CREATE TABLE players (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        name_key TEXT UNIQUE,
        password TEXT,
        created_at INTEGER NOT NULL
    );
    CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        token_hash TEXT NOT NULL UNIQUE,
        player_id TEXT NOT NULL REFERENCES players(id) ON DELETE CASCADE,
        agent TEXT,
        created_at INTEGER NOT NULL,
        seen_at INTEGER NOT NULL
    );
    CREATE INDEX sessions_player ON sessions(player_id);
    CREATE INDEX sessions_seen ON sessions(seen_at);
    ALTER TABLE games ADD COLUMN south_player TEXT;
    ALTER TABLE games ADD COLUMN north_player TEXT;
    CREATE INDEX games_south_player ON games(south_player) WHERE south_player IS NOT NULL;
    CREATE INDEX games_north_player ON games(north_player) WHERE north_player IS NOT NULL;";

/// 7: clocks for games between people: the time control (`3+2`, `3d`; none for untimed
/// games), whether the game is rated, the clock as of the last acknowledged move (JSON of
/// `kalah_online::ClockState`) and when it was stored; and how a game ended that the board
/// does not tell (`aborted`, `timeout` or `abandoned` as its status): the start seat whose
/// clock or connection ended it and whether it was a draw. The index finds the running clocks
/// at start without reading every game.
pub(crate) const SEVENTH: &str = "ALTER TABLE games ADD COLUMN time_control TEXT;
    ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN clock TEXT;
    ALTER TABLE games ADD COLUMN clock_at INTEGER;
    ALTER TABLE games ADD COLUMN ended_by TEXT;
    ALTER TABLE games ADD COLUMN ended_draw INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX games_running_clocks ON games(id)
        WHERE status = 'playing' AND time_control IS NOT NULL;";

/// 8: Glicko-2 ratings of accounts per pool (`kalah-6-4/blitz`, ...) and one history row per
/// rated game and player (before and after), both gone with the account. Whether a game
/// is rated is the `rated` column of migration 7.
pub(crate) const EIGHTH: &str = "CREATE TABLE player_ratings (
        player_id TEXT NOT NULL REFERENCES players(id) ON DELETE CASCADE,
        pool TEXT NOT NULL,
        rating REAL NOT NULL,
        deviation REAL NOT NULL,
        volatility REAL NOT NULL,
        wins INTEGER NOT NULL DEFAULT 0,
        draws INTEGER NOT NULL DEFAULT 0,
        losses INTEGER NOT NULL DEFAULT 0,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (player_id, pool)
    ) WITHOUT ROWID;
    CREATE INDEX player_ratings_pool ON player_ratings(pool, rating);
    CREATE TABLE rating_history (
        game_id TEXT NOT NULL REFERENCES games(id),
        player_id TEXT NOT NULL REFERENCES players(id) ON DELETE CASCADE,
        seat TEXT NOT NULL,
        pool TEXT NOT NULL,
        at INTEGER NOT NULL,
        before_rating REAL NOT NULL,
        before_deviation REAL NOT NULL,
        before_volatility REAL NOT NULL,
        after_rating REAL NOT NULL,
        after_deviation REAL NOT NULL,
        after_volatility REAL NOT NULL,
        PRIMARY KEY (game_id, player_id)
    ) WITHOUT ROWID;
    CREATE INDEX rating_history_player ON rating_history(player_id, pool, at);";

/// 9: the instances of the server running on this database, and the jobs that must be done
/// exactly once among them (a computer's move, a clock's deadline), each worked under a
/// lease (`jobs.rs`). `ply` is the game's move count the job is about.
pub(crate) const NINTH: &str = "CREATE TABLE instances (
        id TEXT PRIMARY KEY,
        started_at INTEGER NOT NULL,
        heartbeat_at INTEGER NOT NULL
    );
    CREATE TABLE jobs (
        game_id TEXT NOT NULL REFERENCES games(id),
        kind TEXT NOT NULL,
        ply INTEGER NOT NULL,
        due_at INTEGER NOT NULL,
        leased_by TEXT,
        leased_until INTEGER,
        PRIMARY KEY (game_id, kind)
    ) WITHOUT ROWID;
    CREATE INDEX jobs_due ON jobs(due_at);";

/// 10: the lobby shared by every instance on the database (`lobby.rs`): the lobby sockets
/// open, by instance, and the seeks, pool places and challenges they made.
pub(crate) const TENTH: &str = "CREATE TABLE lobby_sockets (
        instance TEXT NOT NULL,
        conn INTEGER NOT NULL,
        player_id TEXT NOT NULL,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL,
        account INTEGER NOT NULL,
        PRIMARY KEY (instance, conn)
    ) WITHOUT ROWID;
    CREATE INDEX lobby_sockets_player ON lobby_sockets(player_id);
    CREATE INDEX lobby_sockets_name ON lobby_sockets(name_key);
    CREATE TABLE lobby_offers (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        kind TEXT NOT NULL,
        instance TEXT NOT NULL,
        conn INTEGER NOT NULL,
        player_id TEXT NOT NULL,
        name TEXT NOT NULL,
        account INTEGER NOT NULL,
        to_id TEXT,
        to_name TEXT,
        rules TEXT NOT NULL,
        time_control TEXT NOT NULL,
        rated INTEGER NOT NULL,
        rating REAL,
        at INTEGER NOT NULL
    );
    CREATE INDEX lobby_offers_player ON lobby_offers(player_id, kind);
    CREATE INDEX lobby_offers_to ON lobby_offers(to_id) WHERE to_id IS NOT NULL;
    CREATE INDEX lobby_offers_socket ON lobby_offers(instance, conn);";

/// 11: what the instances on one database share besides games (`cluster.rs`): the sockets
/// each has open per game seat and when a seat's last one closed (claims), the Watch list,
/// the bots connected and challenges to a bot connected elsewhere. Written only on
/// PostgreSQL; created on both so the schemas stay one.
pub(crate) const ELEVENTH: &str = "CREATE TABLE presence (
        instance TEXT NOT NULL,
        game_id TEXT NOT NULL,
        seat TEXT NOT NULL,
        PRIMARY KEY (instance, game_id, seat)
    ) WITHOUT ROWID;
    CREATE INDEX presence_game ON presence(game_id, seat);
    CREATE TABLE seat_left (
        game_id TEXT NOT NULL,
        seat TEXT NOT NULL,
        left_at INTEGER NOT NULL,
        PRIMARY KEY (game_id, seat)
    ) WITHOUT ROWID;
    CREATE TABLE watch_games (
        game_id TEXT PRIMARY KEY,
        instance TEXT NOT NULL,
        rating REAL,
        updated_at INTEGER NOT NULL,
        entry TEXT NOT NULL
    ) WITHOUT ROWID;
    CREATE INDEX watch_games_order ON watch_games(updated_at);
    CREATE TABLE bots_online (
        instance TEXT NOT NULL,
        link INTEGER NOT NULL,
        name TEXT NOT NULL,
        authors TEXT,
        description TEXT,
        rated_id TEXT,
        game TEXT,
        seat TEXT,
        since INTEGER NOT NULL,
        PRIMARY KEY (instance, link)
    ) WITHOUT ROWID;
    CREATE INDEX bots_online_name ON bots_online(name);
    CREATE TABLE bot_challenges (
        id TEXT PRIMARY KEY,
        instance TEXT NOT NULL,
        bot TEXT NOT NULL,
        token_hash TEXT NOT NULL,
        owner TEXT,
        houses INTEGER,
        seeds INTEGER,
        asked_at INTEGER NOT NULL,
        answer TEXT
    ) WITHOUT ROWID;";

/// 12: a challenge of a bot connected elsewhere may come from a bot waiting alone on the
/// asking instance (the lobbies of two instances pairing their bots): its name and rating
/// id, shown and rated in the game, and the connection challenged (`bots_online.link`).
/// Written only on PostgreSQL, as 11.
pub(crate) const TWELFTH: &str = "ALTER TABLE bot_challenges ADD COLUMN from_name TEXT;
    ALTER TABLE bot_challenges ADD COLUMN from_rated_id TEXT;
    ALTER TABLE bot_challenges ADD COLUMN link INTEGER;";

/// 13: the rating ids of a KGP game's start seats (a bot's id in `bots`, or `level:NAME`),
/// when both players are rated, so whichever instance ends the game (its own loop, a
/// resignation, or the sweep after the starting instance died) rates it.
pub(crate) const THIRTEENTH: &str = "ALTER TABLE games ADD COLUMN south_rated_id TEXT;
    ALTER TABLE games ADD COLUMN north_rated_id TEXT;";

/// 14: a bot's games for its page (`GET /api/bots/{name}`), newest first, found by rating id
/// (a rated game) or by name (an unrated KGP game, where the seat has no rating id).
pub(crate) const FOURTEENTH: &str =
    "CREATE INDEX games_south_rated_id ON games(south_rated_id, created_at, id)
        WHERE south_rated_id IS NOT NULL;
    CREATE INDEX games_north_rated_id ON games(north_rated_id, created_at, id)
        WHERE north_rated_id IS NOT NULL;
    CREATE INDEX games_kgp_south_name ON games(south_name, created_at, id)
        WHERE opponent = 'kgp' AND south_rated_id IS NULL;
    CREATE INDEX games_kgp_north_name ON games(north_name, created_at, id)
        WHERE opponent = 'kgp' AND north_rated_id IS NULL;";

/// 15: spends of the budgets kept in the database (log-ins and sign-ups, shared by every
/// instance: `budgets.rs`), the network of each lobby socket (`lobby_shares.rs`), and the
/// positions no one may analyse while a game between two
/// people is played (the ones it passed through and the ones it may reach next, by the
/// canonical key of `analysis::position_key`).
pub(crate) const FIFTEENTH: &str = "CREATE TABLE budget_spends (
        bucket TEXT NOT NULL,
        at BIGINT NOT NULL
    );
    CREATE INDEX budget_spends_bucket ON budget_spends(bucket, at);
    CREATE INDEX budget_spends_at ON budget_spends(at);
    CREATE TABLE hidden_positions (
        position TEXT NOT NULL,
        game_id TEXT NOT NULL,
        passed BOOLEAN NOT NULL DEFAULT FALSE,
        PRIMARY KEY (position, game_id)
    );
    CREATE INDEX hidden_positions_game ON hidden_positions(game_id);
    ALTER TABLE lobby_sockets ADD COLUMN network TEXT;";

/// 16: accounts' puzzle ratings (Glicko-2, one per account) and their tries at puzzles, one
/// row per account and puzzle: only the first try is rated, as on lichess, so the rows of an
/// account are bounded by the number of puzzles. Both go with the account. The statements
/// read the same on both backends.
pub(crate) const SIXTEENTH: &str = "CREATE TABLE puzzle_ratings (
        player_id TEXT PRIMARY KEY REFERENCES players(id) ON DELETE CASCADE,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        solved BIGINT NOT NULL DEFAULT 0,
        failed BIGINT NOT NULL DEFAULT 0,
        updated_at BIGINT NOT NULL
    );
    CREATE TABLE puzzle_attempts (
        player_id TEXT NOT NULL REFERENCES players(id) ON DELETE CASCADE,
        puzzle_id TEXT NOT NULL,
        at BIGINT NOT NULL,
        solved BOOLEAN NOT NULL,
        puzzle_rating BIGINT NOT NULL,
        before_rating DOUBLE PRECISION NOT NULL,
        after_rating DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (player_id, puzzle_id)
    );
    CREATE INDEX puzzle_attempts_recent ON puzzle_attempts(player_id, at, puzzle_id);";

/// The schema version this program writes.
pub const VERSION: i64 = MIGRATIONS.len() as i64;

pub fn migrate(conn: &mut Connection) -> Result<()> {
    let found: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
    if found > VERSION {
        return Err(Error::TooNew {
            found,
            known: VERSION,
        });
    }
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(found as usize) {
        let tx = conn.transaction()?;
        tx.execute_batch(sql)?;
        tx.pragma_update(None, "user_version", i as i64 + 1)?;
        tx.commit()?;
    }
    Ok(())
}
