//! The PostgreSQL schema: the same migrations as `migrations.rs`, version for version, in
//! PostgreSQL's types (`BIGINT` for SQLite's integers, `DOUBLE PRECISION` for its reals,
//! `BOOLEAN` for its 0/1 flags). Never edit a released migration: add one here and one in
//! `migrations.rs`, with the same number (a compile-time check keeps the counts equal).
//!
//! They are applied at open in one transaction that holds an advisory lock, so instances
//! starting together migrate once; the version is the one row of `schema_version`.

use crate::sql::{args, Conn};
use crate::{Error, Result};

const MIGRATIONS: &[&str] = &[
    FIRST, SECOND, THIRD, FOURTH, FIFTH, SIXTH, SEVENTH, EIGHTH, NINTH, TENTH, ELEVENTH, TWELFTH,
    THIRTEENTH, FOURTEENTH, FIFTEENTH, SIXTEENTH,
];

const _: () = assert!(MIGRATIONS.len() as i64 == crate::migrations::VERSION);

/// Any number: the advisory lock that serialises migrations.
const LOCK: i64 = 0x6b616c6168;

const FIRST: &str = "CREATE TABLE games (
        id TEXT PRIMARY KEY,
        rules TEXT NOT NULL,
        preset TEXT,
        start TEXT NOT NULL,
        opponent TEXT NOT NULL,
        level TEXT,
        computer_seat TEXT,
        south_token TEXT NOT NULL,
        north_token TEXT NOT NULL,
        south_joined BOOLEAN NOT NULL DEFAULT FALSE,
        north_joined BOOLEAN NOT NULL DEFAULT FALSE,
        resigned TEXT,
        status TEXT NOT NULL,
        rematch TEXT,
        rematch_of TEXT,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL
    );
    CREATE INDEX games_playing ON games(opponent) WHERE status = 'playing';
    CREATE TABLE moves (
        game_id TEXT NOT NULL REFERENCES games(id),
        ply BIGINT NOT NULL,
        mv TEXT NOT NULL,
        at BIGINT NOT NULL,
        PRIMARY KEY (game_id, ply)
    );";

const SECOND: &str = "ALTER TABLE games ADD COLUMN plies BIGINT NOT NULL DEFAULT 0;";

const THIRD: &str = "ALTER TABLE games ADD COLUMN position TEXT;
    CREATE INDEX games_live_friend_position ON games(position)
        WHERE status = 'playing' AND opponent = 'friend';";

const FOURTH: &str = "ALTER TABLE games ADD COLUMN south_name TEXT;
    ALTER TABLE games ADD COLUMN north_name TEXT;";

const FIFTH: &str = "CREATE TABLE bots (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        authors TEXT,
        description TEXT,
        rating DOUBLE PRECISION NOT NULL DEFAULT 1500,
        deviation DOUBLE PRECISION NOT NULL DEFAULT 350,
        volatility DOUBLE PRECISION NOT NULL DEFAULT 0.06,
        wins BIGINT NOT NULL DEFAULT 0,
        draws BIGINT NOT NULL DEFAULT 0,
        losses BIGINT NOT NULL DEFAULT 0,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL
    );
    CREATE INDEX bots_rating ON bots(rating) WHERE wins + draws + losses > 0;
    ALTER TABLE moves ADD COLUMN comment TEXT;";

const SIXTH: &str = "CREATE TABLE players (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        name_key TEXT UNIQUE,
        password TEXT,
        created_at BIGINT NOT NULL
    );
    CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        token_hash TEXT NOT NULL UNIQUE,
        player_id TEXT NOT NULL REFERENCES players(id) ON DELETE CASCADE,
        agent TEXT,
        created_at BIGINT NOT NULL,
        seen_at BIGINT NOT NULL
    );
    CREATE INDEX sessions_player ON sessions(player_id);
    CREATE INDEX sessions_seen ON sessions(seen_at);
    ALTER TABLE games ADD COLUMN south_player TEXT;
    ALTER TABLE games ADD COLUMN north_player TEXT;
    CREATE INDEX games_south_player ON games(south_player) WHERE south_player IS NOT NULL;
    CREATE INDEX games_north_player ON games(north_player) WHERE north_player IS NOT NULL;";

const SEVENTH: &str = "ALTER TABLE games ADD COLUMN time_control TEXT;
    ALTER TABLE games ADD COLUMN rated BOOLEAN NOT NULL DEFAULT FALSE;
    ALTER TABLE games ADD COLUMN clock TEXT;
    ALTER TABLE games ADD COLUMN clock_at BIGINT;
    ALTER TABLE games ADD COLUMN ended_by TEXT;
    ALTER TABLE games ADD COLUMN ended_draw BOOLEAN NOT NULL DEFAULT FALSE;
    CREATE INDEX games_running_clocks ON games(id)
        WHERE status = 'playing' AND time_control IS NOT NULL;";

const EIGHTH: &str = "CREATE TABLE player_ratings (
        player_id TEXT NOT NULL REFERENCES players(id) ON DELETE CASCADE,
        pool TEXT NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        wins BIGINT NOT NULL DEFAULT 0,
        draws BIGINT NOT NULL DEFAULT 0,
        losses BIGINT NOT NULL DEFAULT 0,
        updated_at BIGINT NOT NULL,
        PRIMARY KEY (player_id, pool)
    );
    CREATE INDEX player_ratings_pool ON player_ratings(pool, rating);
    CREATE TABLE rating_history (
        game_id TEXT NOT NULL REFERENCES games(id),
        player_id TEXT NOT NULL REFERENCES players(id) ON DELETE CASCADE,
        seat TEXT NOT NULL,
        pool TEXT NOT NULL,
        at BIGINT NOT NULL,
        before_rating DOUBLE PRECISION NOT NULL,
        before_deviation DOUBLE PRECISION NOT NULL,
        before_volatility DOUBLE PRECISION NOT NULL,
        after_rating DOUBLE PRECISION NOT NULL,
        after_deviation DOUBLE PRECISION NOT NULL,
        after_volatility DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (game_id, player_id)
    );
    CREATE INDEX rating_history_player ON rating_history(player_id, pool, at);";

const NINTH: &str = "CREATE TABLE instances (
        id TEXT PRIMARY KEY,
        started_at BIGINT NOT NULL,
        heartbeat_at BIGINT NOT NULL
    );
    CREATE TABLE jobs (
        game_id TEXT NOT NULL REFERENCES games(id),
        kind TEXT NOT NULL,
        ply BIGINT NOT NULL,
        due_at BIGINT NOT NULL,
        leased_by TEXT,
        leased_until BIGINT,
        PRIMARY KEY (game_id, kind)
    );
    CREATE INDEX jobs_due ON jobs(due_at);";

const TENTH: &str = "CREATE TABLE lobby_sockets (
        instance TEXT NOT NULL,
        conn BIGINT NOT NULL,
        player_id TEXT NOT NULL,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL,
        account BOOLEAN NOT NULL,
        PRIMARY KEY (instance, conn)
    );
    CREATE INDEX lobby_sockets_player ON lobby_sockets(player_id);
    CREATE INDEX lobby_sockets_name ON lobby_sockets(name_key);
    CREATE TABLE lobby_offers (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        kind TEXT NOT NULL,
        instance TEXT NOT NULL,
        conn BIGINT NOT NULL,
        player_id TEXT NOT NULL,
        name TEXT NOT NULL,
        account BOOLEAN NOT NULL,
        to_id TEXT,
        to_name TEXT,
        rules TEXT NOT NULL,
        time_control TEXT NOT NULL,
        rated BOOLEAN NOT NULL,
        rating DOUBLE PRECISION,
        at BIGINT NOT NULL
    );
    CREATE INDEX lobby_offers_player ON lobby_offers(player_id, kind);
    CREATE INDEX lobby_offers_to ON lobby_offers(to_id) WHERE to_id IS NOT NULL;
    CREATE INDEX lobby_offers_socket ON lobby_offers(instance, conn);";

/// 11: what the instances on one database share besides games (`cluster.rs`): the sockets
/// each has open per game seat and when a seat's last one closed (claims), the Watch list,
/// the bots connected and challenges to a bot connected elsewhere. Written only on
/// PostgreSQL; created on both so the schemas stay one.
const ELEVENTH: &str = "CREATE TABLE presence (
        instance TEXT NOT NULL,
        game_id TEXT NOT NULL,
        seat TEXT NOT NULL,
        PRIMARY KEY (instance, game_id, seat)
    );
    CREATE INDEX presence_game ON presence(game_id, seat);
    CREATE TABLE seat_left (
        game_id TEXT NOT NULL,
        seat TEXT NOT NULL,
        left_at BIGINT NOT NULL,
        PRIMARY KEY (game_id, seat)
    );
    CREATE TABLE watch_games (
        game_id TEXT PRIMARY KEY,
        instance TEXT NOT NULL,
        rating DOUBLE PRECISION,
        updated_at BIGINT NOT NULL,
        entry TEXT NOT NULL
    );
    CREATE INDEX watch_games_order ON watch_games(updated_at);
    CREATE TABLE bots_online (
        instance TEXT NOT NULL,
        link BIGINT NOT NULL,
        name TEXT NOT NULL,
        authors TEXT,
        description TEXT,
        rated_id TEXT,
        game TEXT,
        seat TEXT,
        since BIGINT NOT NULL,
        PRIMARY KEY (instance, link)
    );
    CREATE INDEX bots_online_name ON bots_online(name);
    CREATE TABLE bot_challenges (
        id TEXT PRIMARY KEY,
        instance TEXT NOT NULL,
        bot TEXT NOT NULL,
        token_hash TEXT NOT NULL,
        owner TEXT,
        houses BIGINT,
        seeds BIGINT,
        asked_at BIGINT NOT NULL,
        answer TEXT
    );";

const TWELFTH: &str = "ALTER TABLE bot_challenges ADD COLUMN from_name TEXT;
    ALTER TABLE bot_challenges ADD COLUMN from_rated_id TEXT;
    ALTER TABLE bot_challenges ADD COLUMN link BIGINT;";

const THIRTEENTH: &str = "ALTER TABLE games ADD COLUMN south_rated_id TEXT;
    ALTER TABLE games ADD COLUMN north_rated_id TEXT;";

/// The same indexes as SQLite's 14 (the statements read the same on both).
const FOURTEENTH: &str = crate::migrations::FOURTEENTH;

/// The same tables as SQLite's 15 (the statements read the same on both).
const FIFTEENTH: &str = crate::migrations::FIFTEENTH;

/// The same tables as SQLite's 16 (the statements read the same on both).
const SIXTEENTH: &str = crate::migrations::SIXTEENTH;

/// The schema version recorded in the database (0 for an empty one).
pub(crate) fn version(conn: &Conn) -> Result<i64> {
    let exists: bool = conn
        .query_opt("SELECT to_regclass('schema_version') IS NOT NULL", &[])?
        .map_or(Ok(false), |r| r.get(0))?;
    if !exists {
        return Ok(0);
    }
    conn.query_opt("SELECT version FROM schema_version", &[])?
        .map_or(Ok(0), |r| r.get(0))
}

/// Brings the schema up to date, in one transaction.
pub(crate) fn migrate(conn: &Conn) -> Result<()> {
    conn.transaction(|c| {
        c.execute("SELECT pg_advisory_xact_lock(?1)", args![LOCK])?;
        c.batch("CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)")?;
        let found = version(c)?;
        if found > crate::migrations::VERSION {
            return Err(Error::TooNew {
                found,
                known: crate::migrations::VERSION,
            });
        }
        for sql in MIGRATIONS.iter().skip(found as usize) {
            c.batch(sql)?;
        }
        c.execute("DELETE FROM schema_version", &[])?;
        c.execute(
            "INSERT INTO schema_version (version) VALUES (?1)",
            args![crate::migrations::VERSION],
        )?;
        Ok(())
    })
}
