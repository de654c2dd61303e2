//! The lobby's offers in the database, shared by every server on it (`kalah_storage::lobby`
//! has the design): each change is one transaction that gathers its [`News`], announces it
//! to the other servers in the same transaction, and applies it here after the commit.
//! Refusals (a cap, a seek gone) are decided inside the transaction, on what is stored.

use super::challenges::CHALLENGE_TTL_MS;
use super::challenges::{self, challenge_gone, CHALLENGES_RECEIVED, CHALLENGES_SENT};
use super::core::Seek;
use super::core::{account_needed, refuse, Text};
use super::news::News;
use super::out::{End, Out};
use super::pools::{self, POOL_SIZE};
use super::seeks::{party_of, seek_gone, spec_of, MAX_SEEKS, SEEKS_PER_PLAYER};
use super::spec::ConnId;
use super::spec::{Match, Party, Player, Spec};
use super::start;
use super::Service;
use crate::error::{ApiError, ApiResult};
use crate::games::Games;
use crate::live::LiveGame;
use kalah_online::pairing;
use kalah_storage::lobby::{Lobby as Tx, LobbyPlayer, Offer, OfferKind, Orphans};
use serde_json::Value;

/// What a lobby transaction answers: a database failure, or a refusal, or the result.
type Refusable<T> = kalah_storage::Result<Result<T, ApiError>>;

fn lobby_player(p: &Player) -> LobbyPlayer {
    LobbyPlayer {
        id: p.id.clone(),
        name: p.name.clone(),
        account: p.account,
    }
}

/// A new offer of `by` through server `instance` (its id is given when stored).
fn offer(kind: OfferKind, instance: &str, by: &Party, spec: &Spec, rating: Option<f64>) -> Offer {
    Offer {
        id: 0,
        kind,
        instance: instance.to_string(),
        conn: by.conn as i64,
        player: lobby_player(&by.player),
        to: None,
        rules: spec.variant.name().to_string(),
        time_control: spec.time_control.to_string(),
        rated: spec.rated,
        rating,
        at: 0,
    }
}

/// The news of offers a sweep found orphaned.
fn orphan_news(o: &Orphans, news: &mut News) {
    for s in o.left.iter().filter(|s| s.kind == OfferKind::Seek) {
        news.removed.push(s.id as u64);
    }
    for (list, kind) in [(&o.withdrawn, End::Cancelled), (&o.declined, End::Declined)] {
        for c in list {
            end_challenge(c, kind, news);
        }
    }
}

/// Tells both sides of challenge `c` that it ended, and why.
pub(super) fn end_challenge(c: &Offer, why: End, news: &mut News) {
    let out = challenges::ended(c, why);
    news.tell(c.conn as ConnId, &out);
    if let Some((to, _)) = &c.to {
        news.tell_player(to, &out);
    }
}

/// Two players about to play leave every seek and pool place (inside the transaction).
fn seat(l: &Tx, m: &Match, news: &mut News) -> kalah_storage::Result<()> {
    for p in [&m.a, &m.b] {
        for s in l.take_of(OfferKind::Seek, &p.player.id)? {
            news.removed.push(s.id as u64);
        }
        for place in l.take_of(OfferKind::Pool, &p.player.id)? {
            news.tell(place.conn as ConnId, &Out::Pool { pool: None });
        }
    }
    Ok(())
}

/// Stores the game of `m` in the transaction that pairs its players, so that one commit
/// pairs them and starts it: both leave their seeks and pools, and each is told their seat
/// (after the commit, with the rest of `news`). The game goes into memory after the commit
/// (`Games::stored`).
pub(super) fn start_in(
    l: &Tx,
    games: &Games,
    m: &Match,
    news: &mut News,
) -> kalah_storage::Result<LiveGame> {
    let (live, game) = start::prepare(games, m);
    l.store(&games.creation(&live))?;
    seat(l, m, news)?;
    start::tell(m, &game, news);
    Ok(live)
}

impl Service {
    /// Runs `f` in one lobby transaction: the news it gathers is announced to every server in
    /// the transaction and applied here after the commit.
    pub(super) async fn tx<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Tx, &mut News) -> Refusable<T> + Send + 'static,
    ) -> ApiResult<T> {
        let (out, news) = self.tx_news(false, f).await?;
        self.lobby().apply(&news);
        out
    }

    /// [`Service::tx`] answering the news instead of applying it; `games`: `f` may store
    /// games (`start_in`), so the transaction is synced to disk.
    pub(super) async fn tx_news<T: Send + 'static>(
        &self,
        games: bool,
        f: impl FnOnce(&Tx, &mut News) -> Refusable<T> + Send + 'static,
    ) -> ApiResult<(Result<T, ApiError>, News)> {
        let origin = self.instance().to_string();
        let work = move |l: &Tx| {
            let mut news = News::default();
            let out = f(l, &mut news)?;
            if !news.is_empty() {
                for p in news.payloads(&origin) {
                    l.notify(&p)?;
                }
            }
            Ok((out, news))
        };
        if games {
            self.db().lobby_games(work).await
        } else {
            self.db().lobby(work).await
        }
    }

    /// Puts the games a lobby transaction stored into memory, then applies its news (which
    /// tells their players where to play).
    pub(super) async fn started(&self, games: Vec<LiveGame>, news: &News) {
        for live in games {
            tracing::info!("lobby game started: {}", live.id);
            self.games.stored(live).await;
        }
        self.lobby().apply(news);
    }

    /// Reads the seek list once, before this server's first lobby socket.
    async fn loaded(&self) -> ApiResult<()> {
        self.lobby()
            .loaded
            .get_or_try_init(|| self.reload())
            .await
            .map(|_| ())
    }

    /// Reads the seek list again (news was missed).
    async fn reload(&self) -> ApiResult<()> {
        let offers = self.db().lobby(|l| l.all(OfferKind::Seek)).await?;
        self.lobby()
            .reset_seeks(offers.iter().filter_map(Seek::from_offer).collect());
        Ok(())
    }

    async fn resync(&self) {
        if let Err(e) = self.reload().await {
            tracing::warn!("lobby's seek list not read again: {}", e.message);
        }
    }

    /// A new lobby socket of `player`; its personal messages arrive on the receiver.
    pub(crate) async fn connect(
        &self,
        player: Player,
    ) -> ApiResult<(ConnId, tokio::sync::mpsc::Receiver<Text>)> {
        self.loaded().await?;
        let (conn, rx) = self.lobby().connect_here(player.clone())?;
        let me = self.instance().to_string();
        let p = lobby_player(&player);
        let listed = self
            .tx(move |l, _| Ok(Ok(l.add_socket(&me, conn as i64, &p)?)))
            .await;
        if let Err(e) = listed {
            self.lobby().disconnect_here(conn);
            return Err(e);
        }
        Ok((conn, rx))
    }

    /// A lobby socket closed. The player's pool place goes with the socket that took it, and
    /// so do the challenges it sent; their seeks and the challenges they received go with
    /// their last socket on any server.
    pub(crate) async fn disconnect(&self, conn: ConnId, player: &str) {
        self.lobby().disconnect_here(conn);
        let (me, player) = (self.instance().to_string(), player.to_string());
        let done = self
            .tx(move |l, news| {
                l.remove_socket(&me, conn as i64)?;
                orphan_news(&l.take_orphans(Some(&player))?, news);
                Ok(Ok(()))
            })
            .await;
        if let Err(e) = done {
            // Left to the next sweep of the whole lobby.
            tracing::warn!("lobby socket not removed: {}", e.message);
            self.lobby().forget_later(conn);
        }
    }

    /// Opens a seek of `conn`'s player (`rating`: theirs in the seek's pool).
    pub(crate) async fn seek(
        &self,
        conn: ConnId,
        spec: Spec,
        rating: Option<f64>,
    ) -> ApiResult<u64> {
        let owner = self.lobby().party(conn)?;
        if spec.rated && !owner.player.account {
            return Err(account_needed());
        }
        let mut o = offer(OfferKind::Seek, self.instance(), &owner, &spec, rating);
        o.at = self.now();
        self.tx(move |l, news| {
            l.lock_player(&o.player.id)?;
            if l.of(OfferKind::Seek, &o.player.id)?.len() >= SEEKS_PER_PLAYER {
                return Ok(Err(ApiError::too_many(format!(
                    "you have {SEEKS_PER_PLAYER} open seeks already; cancel one first"
                ))));
            }
            // Shared between networks (issue 36, `crate::fair`): past the cap, only a network
            // with no seek open gets a place.
            let ours = l.network_seeks(&o.instance, o.conn)?;
            if ours >= crate::fair::SEEKS_PER_NETWORK {
                return Ok(Err(crate::fair::network_seeks_full()));
            }
            let all = l.count(OfferKind::Seek)?;
            if all >= MAX_SEEKS && (ours > 0 || all >= MAX_SEEKS + crate::fair::NEWCOMER_SEEKS) {
                return Ok(Err(ApiError::unavailable(
                    "the lobby has as many seeks as it can show; accept one, or try again later",
                )));
            }
            o.id = l.add(&o)?;
            news.add_seek(&o);
            Ok(Ok(o.id as u64))
        })
        .await
    }

    /// Cancels one of `conn`'s player's seeks.
    pub(crate) async fn cancel_seek(&self, conn: ConnId, id: u64) -> ApiResult<()> {
        let me = self.lobby().party(conn)?.player.id;
        self.tx(move |l, news| match l.get(id as i64)? {
            Some(o) if o.kind == OfferKind::Seek && o.player.id == me => {
                if l.take(o.id)?.is_some() {
                    news.removed.push(id);
                }
                Ok(Ok(()))
            }
            Some(o) if o.kind == OfferKind::Seek => Ok(Err(ApiError::forbidden(
                "not_yours",
                "this seek is another player's; you can only cancel your own",
            ))),
            _ => Ok(Err(seek_gone())),
        })
        .await
    }

    /// Puts `conn`'s player in the pool of `spec` (out of any other pool), or pairs them at
    /// once: the waiting player of that pool with the closest rating within
    /// [`pairing::START_RANGE`] of theirs (which every waiting player accepts), the
    /// longest-waiting of equals, so a pool pairs as fast as players arrive. Those with no
    /// one that close wait, and the tick pairs them as their ranges widen.
    pub(crate) async fn join_pool(
        &self,
        conn: ConnId,
        spec: Spec,
        rating: Option<f64>,
    ) -> ApiResult<()> {
        let me = self.lobby().party(conn)?;
        if spec.rated && !me.player.account {
            return Err(account_needed());
        }
        // Refused before a partner's place is taken, not after.
        start::clock_room(&self.games)?;
        let mut o = offer(OfferKind::Pool, self.instance(), &me, &spec, rating);
        o.rating = Some(rating.unwrap_or(pools::START_RATING));
        o.at = self.now();
        let games = self.games.clone();
        // One transaction, synced: a player who finds a partner is paired and their game
        // stored in one commit, told their seat once it is on disk.
        let (out, news) = self
            .tx_news(true, move |l, news| {
                // One pool place at a time, also when two servers are asked at once.
                l.lock_player(&o.player.id)?;
                l.take_of(OfferKind::Pool, &o.player.id)?;
                if let Some(p) = l.take_partner(&o, pairing::START_RANGE)? {
                    let m = Match {
                        spec,
                        a: party_of(&p),
                        b: me,
                    };
                    // Both leave the pool (and their seeks), as a pairing by the tick does.
                    for c in [m.a.conn, m.b.conn] {
                        news.tell(c, &Out::Pool { pool: None });
                    }
                    return Ok(Ok(Some(start_in(l, &games, &m, news)?)));
                }
                if l.count_like(&o)? >= POOL_SIZE {
                    return Ok(Err(ApiError::unavailable(
                        "this pool is full; try another time control or open a seek",
                    )));
                }
                l.add(&o)?;
                Ok(Ok(None))
            })
            .await?;
        let game = match out {
            Ok(g) => g,
            Err(e) => {
                self.lobby().apply(&news);
                return Err(e);
            }
        };
        if game.is_none() {
            // Waiting: the tick pairs them as their range widens.
            self.lobby().set_pairs_due(true);
        }
        // The socket's answer (`pool`) goes out after this; `game` comes before it.
        self.started(game.into_iter().collect(), &news).await;
        Ok(())
    }

    /// Takes `conn`'s player out of their pool; false if they were in none.
    pub(crate) async fn leave_pool(&self, conn: ConnId) -> ApiResult<bool> {
        let me = self.lobby().party(conn)?.player.id;
        self.tx(move |l, _| Ok(Ok(!l.take_of(OfferKind::Pool, &me)?.is_empty())))
            .await
    }

    /// Players waiting in the pools of quick pairing, on every server.
    pub async fn waiting(&self) -> ApiResult<usize> {
        self.tx(|l, _| Ok(Ok(l.count(OfferKind::Pool)?))).await
    }

    /// Challenges waiting for `conn`'s player.
    pub(crate) async fn challenges_for(&self, conn: ConnId) -> ApiResult<Vec<Value>> {
        let me = self.lobby().party(conn)?.player.id;
        let now = self.now();
        let list = self.tx(move |l, _| Ok(Ok(l.challenges_to(&me)?))).await?;
        Ok(list.iter().map(|c| challenges::json(c, now)).collect())
    }

    /// Sends a challenge from `conn`'s player to the player named `to`, who must have the
    /// site open (a lobby socket on any server).
    pub(crate) async fn challenge(
        &self,
        conn: ConnId,
        to: String,
        spec: Spec,
        rating: Option<f64>,
    ) -> ApiResult<u64> {
        let me = self.lobby().party(conn)?;
        let now = self.now();
        let mut o = offer(OfferKind::Challenge, self.instance(), &me, &spec, rating);
        o.at = now + CHALLENGE_TTL_MS;
        self.tx(move |l, news| {
            let Some(target) = l.online_by_name(&to)? else {
                return Ok(Err(refuse(
                    "not_online",
                    format!("{to} is not on the site now; a challenge reaches only players who have a page of the site open"),
                )));
            };
            if target.id == o.player.id {
                return Ok(Err(refuse("own_challenge", "you cannot challenge yourself")));
            }
            if o.rated && !(o.player.account && target.account) {
                return Ok(Err(ApiError::forbidden(
                    "account_needed",
                    "rated games are between two accounts; send a casual challenge, or sign up (both of you)",
                )));
            }
            // The caps of both players are counted under their locks.
            let mut both = [o.player.id.as_str(), target.id.as_str()];
            both.sort_unstable();
            for id in both {
                l.lock_player(id)?;
            }
            let sent = l.of(OfferKind::Challenge, &o.player.id)?;
            if sent.len() >= CHALLENGES_SENT {
                return Ok(Err(ApiError::too_many(format!(
                    "you have {CHALLENGES_SENT} challenges waiting for an answer; wait for them or cancel one"
                ))));
            }
            // Shared between networks (issue 36, `crate::fair`): past the cap, only a network
            // with no challenge waiting there gets a place.
            let ours = l.network_challenges_to(&target.id, &o.instance, o.conn)?;
            if ours >= crate::fair::CHALLENGES_PER_NETWORK {
                return Ok(Err(crate::fair::network_challenges_full(&to)));
            }
            if sent.iter().any(|c| c.to.as_ref().is_some_and(|t| t.0 == target.id)) {
                return Ok(Err(refuse(
                    "already_challenged",
                    format!("you have challenged {to} already; wait for the answer"),
                )));
            }
            let waiting = l.challenges_to(&target.id)?.len();
            if waiting >= CHALLENGES_RECEIVED
                && (ours > 0 || waiting >= CHALLENGES_RECEIVED + crate::fair::NEWCOMER_CHALLENGES)
            {
                // Full: networks enough can fill any share, so the challenged player's own
                // circle goes first. A challenger they have played takes the place of a
                // stranger's challenge, an account that of a guest's.
                let rank = challenges::rank(
                    o.player.account,
                    l.played_together(&o.player.id, &target.id)?,
                );
                match l.challenge_to_crowd_out(&target.id)? {
                    Some((id, account)) if rank > challenges::rank(account, false) => {
                        if let Some(c) = l.take(id)? {
                            end_challenge(&c, End::CrowdedOut, news);
                        }
                    }
                    _ => return Ok(Err(challenges::inbox_full(&to))),
                }
            }
            o.to = Some((target.id.clone(), target.name.clone()));
            o.id = l.add(&o)?;
            news.tell(
                o.conn as ConnId,
                &Out::ChallengeSent {
                    id: o.id,
                    to: target.name.clone(),
                    expires_in_ms: CHALLENGE_TTL_MS,
                },
            );
            news.tell_player(
                &target.id,
                &Out::Challenge {
                    challenge: challenges::json(&o, now),
                },
            );
            Ok(Ok(o.id as u64))
        })
        .await
    }

    /// The challenger withdraws a challenge.
    pub(crate) async fn cancel_challenge(&self, conn: ConnId, id: u64) -> ApiResult<()> {
        let me = self.lobby().party(conn)?.player.id;
        self.tx(move |l, news| match l.get(id as i64)? {
            Some(c) if c.kind == OfferKind::Challenge && c.player.id == me => {
                if let Some(c) = l.take(c.id)? {
                    end_challenge(&c, End::Cancelled, news);
                }
                Ok(Ok(()))
            }
            _ => Ok(Err(challenge_gone())),
        })
        .await
    }

    /// The lobby's tick, on every server: challenges unanswered at `now` expire, the lobby
    /// of servers silent too long (dead) is removed, and the pools are paired; each of these
    /// happens once in the cluster (rows are deleted by whoever gets them). Answers how many
    /// games it started.
    pub async fn tick(&self) -> usize {
        let (me, now) = (self.instance().to_string(), self.now());
        let forget = self.lobby().take_forget_later();
        let retry = forget.clone();
        let dead_before = now - crate::games::jobs::INSTANCE_DEAD_MS;
        let games = self.games.clone();
        // Synced only while players wait (an idle server's ticks are not): a tick that finds
        // pairs it cannot store leaves them to the next, synced one.
        let ticked = self
            .tx_news(self.lobby().pairs_due(), move |l, news| {
                for c in l.take_expired(now)? {
                    end_challenge(&c, End::Expired, news);
                }
                let mut gone = l.drop_dead_sockets(&me, dead_before)?;
                for conn in forget {
                    gone += u64::from(l.remove_socket(&me, conn as i64)?.is_some());
                }
                if gone > 0 {
                    orphan_news(&l.take_orphans(None)?, news);
                }
                let places = l.pool_to_pair()?;
                let mut started = Vec::new();
                let mut left = places.len();
                let pairs = pools::pairs(&places, now);
                if !l.stores_games() {
                    return Ok(Ok((started, !pairs.is_empty() || left >= 2)));
                }
                for (i, j) in pairs {
                    let (a, b) = (&places[i], &places[j]);
                    let Some(spec) = spec_of(a) else { continue };
                    if !games.clock_room() {
                        break;
                    }
                    let m = Match {
                        spec,
                        a: party_of(a),
                        b: party_of(b),
                    };
                    started.push(start_in(l, &games, &m, news)?);
                    left -= 2;
                }
                Ok(Ok((started, left >= 2)))
            })
            .await;
        let (started, due, news) = match ticked {
            Ok((Ok((started, due)), news)) => (started, due, news),
            Ok((Err(e), _)) | Err(e) => {
                tracing::warn!("lobby tick not done: {}", e.message);
                for conn in retry {
                    self.lobby().forget_later(conn);
                }
                return 0;
            }
        };
        self.lobby().set_pairs_due(due);
        let n = started.len();
        self.started(started, &news).await;
        n
    }

    /// Hears the lobby's news from every server on the PostgreSQL database at `url`. Does
    /// nothing outside a tokio runtime.
    pub(crate) fn listen_for_lobby(&self, url: &str) -> Result<(), kalah_storage::Error> {
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return Ok(());
        };
        let alive = self.weak();
        let on_payload = {
            let (weak, runtime) = (alive.clone(), runtime.clone());
            move |payload: &str| {
                let Some(state) = weak.upgrade() else {
                    return;
                };
                let Some(news) = News::parse(payload) else {
                    tracing::warn!("lobby news not understood: {payload}");
                    return;
                };
                // This server's own news is applied already.
                if news.origin == state.instance() {
                    return;
                }
                state.lobby().apply(&news);
                if news.resync {
                    runtime.spawn(async move { state.resync().await });
                }
            }
        };
        let on_reconnect = {
            let weak = alive.clone();
            move || {
                if let Some(state) = weak.upgrade() {
                    runtime.spawn(async move { state.resync().await });
                }
            }
        };
        kalah_storage::notify::listen_on(
            url,
            kalah_storage::lobby::CHANNEL,
            "other servers' lobby changes",
            move || alive.alive(),
            on_payload,
            on_reconnect,
        )
    }
}
