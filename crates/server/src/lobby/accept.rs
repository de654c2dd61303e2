//! Accepting a seek or a challenge, as a pool join pairs: one lobby transaction, synced,
//! reads the offer and checks it, takes it, stores the game with its clock's job, takes
//! both players out of their other seeks and pools and gathers the news; the game goes
//! into memory and the players are told only after that commit.

use super::challenges::challenge_gone;
use super::core::{account_needed, refuse};
use super::out::{End, Out};
use super::seeks::{party_of, seek_gone, spec_of};
use super::shared::{end_challenge, start_in};
use super::spec::{ConnId, Match, Party};
use super::start;
use super::Service;
use crate::db::OFFER_GONE;
use crate::error::{ApiError, ApiResult};
use kalah_storage::lobby::{Offer, OfferKind};

/// The answer when the offer asked for is not there (any more) for `kind`.
fn gone(kind: OfferKind) -> ApiError {
    match kind {
        OfferKind::Challenge => challenge_gone(),
        _ => seek_gone(),
    }
}

/// Why `me` may not take offer `o`, if they may not.
fn refusal(o: &Offer, me: &Party) -> Option<ApiError> {
    match o.kind {
        OfferKind::Seek if o.player.id == me.player.id => Some(refuse(
            "own_seek",
            "this is your own seek; wait for someone else to accept it, or cancel it",
        )),
        OfferKind::Seek if o.rated && !me.player.account => Some(account_needed()),
        OfferKind::Challenge if o.to.as_ref().is_none_or(|t| t.0 != me.player.id) => {
            Some(challenge_gone())
        }
        _ => None,
    }
}

impl Service {
    /// Accepts a seek: of two accepts, on any servers, one starts a game and the other
    /// hears `seek_gone`.
    pub(crate) async fn accept_seek(&self, conn: ConnId, id: u64) -> ApiResult<()> {
        let me = self.lobby().party(conn)?;
        self.accept(me, id, OfferKind::Seek).await
    }

    /// The challenged player accepts (the game starts) or declines.
    pub(crate) async fn answer(&self, conn: ConnId, id: u64, accept: bool) -> ApiResult<()> {
        let me = self.lobby().party(conn)?;
        if accept {
            return self.accept(me, id, OfferKind::Challenge).await;
        }
        self.tx(move |l, news| {
            let mine = l
                .get(id as i64)?
                .filter(|c| c.kind == OfferKind::Challenge && refusal(c, &me).is_none());
            match mine.map(|c| l.take(c.id)).transpose()?.flatten() {
                Some(c) => {
                    end_challenge(&c, End::Declined, news);
                    Ok(Ok(()))
                }
                None => Ok(Err(challenge_gone())),
            }
        })
        .await
    }

    /// `me` takes offer `id` of `kind` and its game starts, all in one commit (synced, as a
    /// game's write is): each socket is told its seat once the game is on disk.
    async fn accept(&self, me: Party, id: u64, kind: OfferKind) -> ApiResult<()> {
        let games = self.games.clone();
        let done = self
            .tx_news(true, move |l, news| {
                let Some(o) = l.get(id as i64)?.filter(|o| o.kind == kind) else {
                    return Ok(Err(gone(kind)));
                };
                if let Some(e) = refusal(&o, &me) {
                    return Ok(Err(e));
                }
                let Some(spec) = spec_of(&o) else {
                    return Ok(Err(gone(kind)));
                };
                // Refused before anything is taken.
                if let Err(e) = start::clock_room(&games) {
                    return Ok(Err(e));
                }
                let m = Match {
                    spec,
                    a: party_of(&o),
                    b: me,
                };
                // PostgreSQL: both players' locks in the order of their ids (two accepts of
                // one player's seeks take turns), then their pool places before the offer,
                // in the order a pool join takes rows: never each waiting for the other.
                let mut both = [m.a.player.id.as_str(), m.b.player.id.as_str()];
                both.sort_unstable();
                for p in both {
                    l.lock_player(p)?;
                }
                let mut places = Vec::new();
                for p in [&m.a, &m.b] {
                    places.extend(l.take_of(OfferKind::Pool, &p.player.id)?);
                }
                // Gone (another accept took it first): the error undoes this transaction.
                let o = l.take_accepted(o.id)?;
                match kind {
                    OfferKind::Challenge => end_challenge(&o, End::Accepted, news),
                    _ => news.removed.push(id),
                }
                for p in places {
                    news.tell(p.conn as ConnId, &Out::Pool { pool: None });
                }
                Ok(Ok(start_in(l, &games, &m, news)?))
            })
            .await;
        let (out, news) = match done {
            Ok(done) => done,
            Err(e) if e.code == OFFER_GONE => return Err(gone(kind)),
            Err(e) => return Err(e),
        };
        match out {
            Ok(live) => {
                self.started(vec![live], &news).await;
                Ok(())
            }
            Err(e) => {
                self.lobby().apply(&news);
                Err(e)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{player, spec};
    use super::super::Text;
    use serde_json::Value;
    use tokio::sync::mpsc::Receiver;

    /// The game both sockets were told of is on disk, with both seats' players.
    async fn told_game_is_stored(state: &crate::AppState, rx: [&mut Receiver<Text>; 2]) {
        let ids = rx.map(|rx| {
            let told = std::iter::from_fn(|| rx.try_recv().ok())
                .map(|t| serde_json::from_str::<Value>(t.as_str()).unwrap());
            let game = told.filter(|m| m["type"] == "game").last();
            game.expect("told a game")["id"]
                .as_str()
                .unwrap()
                .to_string()
        });
        assert_eq!(ids[0], ids[1]);
        let row = state.db().load(&ids[0]).await.unwrap();
        let row = row.expect("the game told is stored");
        let mut seats = [row.south_player, row.north_player].map(Option::unwrap);
        seats.sort();
        assert_eq!(seats, ["id-ann", "id-bob"]);
    }

    /// An accepted seek and an accepted challenge each take one commit of the database
    /// thread (before, three: the offer read, the game stored, the players seated), and
    /// the game its players are told of is on disk.
    #[tokio::test]
    async fn an_acceptance_is_one_commit() {
        let dir = tempfile::tempdir().unwrap();
        let policy = crate::Policy {
            manual_time: Some(1_790_000_000_000),
            ..Default::default()
        };
        let state = crate::open_state_with(dir.path(), &policy).unwrap();
        let lobby = state.lobby();
        let (ann, mut ann_rx) = lobby.connect(player("ann", true)).await.unwrap();
        let (bob, mut bob_rx) = lobby.connect(player("bob", true)).await.unwrap();

        let seek = lobby.seek(ann, spec(true), None).await.unwrap();
        let before = state.db().batches();
        lobby.accept_seek(bob, seek).await.unwrap();
        assert_eq!(state.db().batches() - before, 1, "a seek accepted");
        told_game_is_stored(&state, [&mut ann_rx, &mut bob_rx]).await;

        let challenge = lobby.challenge(ann, "bob".into(), spec(false), None);
        let id = challenge.await.unwrap();
        let before = state.db().batches();
        lobby.answer(bob, id, true).await.unwrap();
        assert_eq!(state.db().batches() - before, 1, "a challenge accepted");
        told_game_is_stored(&state, [&mut ann_rx, &mut bob_rx]).await;
    }
}
