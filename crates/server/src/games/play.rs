//! Every change to a game in play goes through here: the round core (`kalah_round`) decides,
//! this stores its step in one write and then makes it the game's state, tells the sockets,
//! keeps the clock's deadline and wakes the computer. The doors (HTTP, WebSocket, KGP, the
//! computer, the clock jobs) only find the seat and call these.

use super::{Games, Published, Slot};
use crate::error::ApiResult;
use crate::live::{EndKind, LiveGame};
use kalah_round::{Away, Refusal, Round, Step, Update};
use kalah_rules::{Move, Side};
use kalah_storage::Write;
use std::sync::Arc;

impl Games {
    /// The player of start seat `seat` plays `mv`, answering ply `ply` (with the comment
    /// they sent, KGP). A move after the mover's time was up ends the game by the clock,
    /// stored, and is refused with `time_up`. The caller holds the game's lock.
    pub async fn play_move(
        &self,
        slot: &Arc<Slot>,
        g: &mut LiveGame,
        seat: Side,
        mv: Move,
        ply: Option<u64>,
        comment: Option<String>,
    ) -> ApiResult<Published> {
        match g.round.play_with(seat, mv, ply, comment, self.now()) {
            Ok(step) => self.commit(slot, g, step, None).await,
            Err(Refusal::TimeUp(step)) => {
                let refusal = Refusal::TimeUp(step.clone());
                self.commit(slot, g, *step, None).await?;
                Err(refusal.into())
            }
            Err(r) => Err(r.into()),
        }
    }

    /// The player of start seat `seat` resigns. The caller holds the lock.
    pub async fn resign(
        &self,
        slot: &Arc<Slot>,
        g: &mut LiveGame,
        seat: Side,
    ) -> ApiResult<Published> {
        let step = g.round.resign(seat, self.now())?;
        self.commit(slot, g, step, None).await
    }

    /// The player of start seat `seat` claims the game, their opponent being `away`.
    pub async fn claim(
        &self,
        slot: &Arc<Slot>,
        g: &mut LiveGame,
        seat: Side,
        away: Away,
    ) -> ApiResult<Published> {
        let step = g
            .round
            .claim(seat, away, self.claim_grace_ms(), self.now())?;
        self.commit(slot, g, step, None).await
    }

    /// Ends the game off the board because of the player of start seat `by`. The caller
    /// holds the lock.
    pub async fn end_off_board(
        &self,
        slot: &Arc<Slot>,
        g: &mut LiveGame,
        kind: EndKind,
        by: Side,
    ) -> ApiResult<Published> {
        let step = g.round.end_off_board(kind, by, self.now())?;
        self.commit(slot, g, step, None).await
    }

    /// Ends a game whose clock ran out (`e`), as the game's clock job made at ply `job` when
    /// given (refused if another server did it first).
    pub(super) async fn end_by_clock_job(
        &self,
        slot: &Arc<Slot>,
        g: &mut LiveGame,
        e: kalah_online::Expiry,
        job: Option<u32>,
    ) -> ApiResult<Published> {
        let step = g.round.end_by_clock(e, self.now())?;
        self.commit(slot, g, step, job).await
    }

    /// Stores what `step` changes in one write (with the rating update of a game it ends and
    /// the jobs it makes due), then makes `step.next` the game's state and tells everyone.
    /// If the write fails, the game is as it was (reloaded when another server changed it).
    async fn commit(
        &self,
        slot: &Arc<Slot>,
        g: &mut LiveGame,
        step: Step,
        job: Option<u32>,
    ) -> ApiResult<Published> {
        let (write, rates_players) = self.write_of(&step.next, &step.update, job);
        if let Err(e) = self.0.db.write(write).await {
            self.reload_after(slot, g, &e).await;
            return Err(e);
        }
        g.round = step.next;
        if rates_players {
            g.rating_changes = self.rating_changes(&g.id).await;
        }
        if let Some(e) = g
            .ending
            .filter(|_| matches!(step.update, Update::End { .. }))
        {
            tracing::info!("game {}: {} by {}", g.id, e.kind.status(), e.by.name());
        }
        self.watch_clock(g);
        let published = self.publish(slot, g);
        if matches!(step.update, Update::Move { .. }) {
            let leased = g.computer_to_move();
            self.start_computer(slot, g, None, leased);
        }
        Ok(published)
    }

    /// The one write of a step: the update, the rating update when it ends a rated game,
    /// and after a move the jobs it makes due (the computer's reply leased to this server,
    /// the clock's deadline); an ending done as a clock job marks that job done. Answers
    /// whether it rates people (their rating changes are read back after it).
    fn write_of(&self, after: &Round, update: &Update, job: Option<u32>) -> (Write, bool) {
        let game = after.id.clone();
        let (write, at) = match update {
            Update::Move {
                ply,
                mv,
                status,
                at,
                clock,
                comment,
            } => {
                let write = Write::Move {
                    game: game.clone(),
                    ply: *ply,
                    mv: mv.to_string(),
                    status: status.to_string(),
                    at: *at,
                    // Games between two people keep their position from analysis.
                    position: (after.opponent == crate::live::Opponent::Friend)
                        .then(|| crate::analysis::position_key(after.game.position())),
                    comment: comment.clone(),
                };
                let write = match clock {
                    Some(c) => Write::Clocked {
                        last: Box::new(write),
                        game: game.clone(),
                        clock: serde_json::to_string(c).unwrap_or_default(),
                        at: *at,
                    },
                    None => write,
                };
                // And every position they passed through and may reach next (issue 36).
                let pos = after.game.position();
                let write =
                    if after.opponent == crate::live::Opponent::Friend && pos.outcome().is_none() {
                        Write::Hidden {
                            last: Box::new(write),
                            game: game.clone(),
                            passed: crate::analysis::position_key(pos),
                            reachable: crate::analysis::reachable_keys(pos),
                        }
                    } else {
                        write
                    };
                (write, *at)
            }
            Update::Resign { side, at } => (
                Write::Resign {
                    game: game.clone(),
                    side: side.name().to_string(),
                    at: *at,
                },
                *at,
            ),
            Update::End { ending, at } => (
                Write::End {
                    game: game.clone(),
                    status: ending.kind.status().to_string(),
                    by: ending.by.name().to_string(),
                    draw: ending.draw,
                    at: *at,
                },
                *at,
            ),
        };
        let write = crate::rating::with_result(after, write, at);
        let rates_players = matches!(write, Write::FinishPlayers { .. });
        let write = match (update, job) {
            (Update::Move { .. }, _) => self.with_jobs(write, after, at),
            (_, Some(ply)) => Write::JobDone {
                last: Box::new(write),
                game,
                kind: kalah_storage::JobKind::Clock,
                ply,
            },
            (_, None) => write,
        };
        (write, rates_players)
    }
}
