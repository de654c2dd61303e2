//! `BatchEnv`: N games stepped together in Rust from NumPy arrays, for learning.

use crate::game::{position_from_py, rules_from_py, Position};
use crate::move_err;
use kalah_rules::{Move, PieStage, Rules, Side};
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<BatchEnv>()?;
    Ok(())
}

/// ``num_envs`` games stepped together in Rust: actions in as a NumPy array, observations,
/// rewards, done flags and legal-action masks out, with no Python loop per game.
///
/// * Observation of a game (``float32``, ``obs_size = 2 * houses + 2``), always from the
///   side to move: its houses 1..n, its store, the opponent's houses 1..n, the opponent's
///   store.
/// * Action ``a`` sows house ``a + 1``; under the pie rule action ``houses`` is ``swap``
///   (``num_actions`` is ``houses``, or ``houses + 1`` with the pie rule). ``masks`` (``bool``,
///   ``num_envs x num_actions``) marks the legal ones.
/// * ``rewards`` (``float32``) are for the player who just moved, and only when the move
///   ended the game: the final margin (``reward="margin"``, own score minus the
///   opponent's after the sweep) or ``+1 / 0 / -1`` (``reward="wdl"``).
/// * A finished game starts again at once (``dones`` True for that step); the observation
///   and mask returned are then the new game's. ``to_move`` (0 South, 1 North) says who moves
///   next in each game.
/// * Start positions: the rules' start (South first), or drawn at random from ``starts``
///   (positions or strings), then ``random_opening`` random moves.
///
///     >>> import kalah, numpy as np
///     >>> env = kalah.BatchEnv(4, "standard", seed=1)
///     >>> obs, masks = env.reset()
///     >>> obs.shape, masks.shape, obs[0].tolist()
///     ((4, 14), (4, 6), [4.0, 4.0, 4.0, 4.0, 4.0, 4.0, 0.0, 4.0, 4.0, 4.0, 4.0, 4.0, 4.0, 0.0])
///     >>> obs, rewards, dones, masks = env.step(np.array([2, 2, 0, 5]))
///     >>> env.to_move.tolist()    # sowing house 3 ends in the store: South again
///     [0, 0, 1, 1]
#[pyclass(module = "kalah")]
pub struct BatchEnv {
    rules: Rules,
    games: Vec<kalah_rules::Position>,
    /// Each game's legal actions as bits (see [`legal_bits`]), kept with `games`: the step
    /// checks actions and `random_actions` draws them from these 4 bytes a game, without
    /// reading the positions again.
    legal: Vec<u32>,
    starts: Vec<kalah_rules::Position>,
    random_opening: u32,
    /// The start every new game takes when there are no `starts` and no random opening.
    fixed_start: Option<kalah_rules::Position>,
    margin: bool,
    rng: u64,
}

/// xorshift64 step, as the playout benchmark.
#[inline(always)]
fn next(x: &mut u64) -> u64 {
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    *x
}

/// Uniform in `0..n` without a division (Lemire's multiply-shift).
#[inline(always)]
fn below(x: &mut u64, n: usize) -> usize {
    (((next(x) >> 32) * n as u64) >> 32) as usize
}

/// The legal actions of a game that is not over (every game the env holds) as bits: bit `i`
/// for house `i + 1` (the mover's non-empty houses), bit `n` for `swap` when it is offered.
#[inline(always)]
fn legal_bits(pos: &kalah_rules::Position, n: usize) -> u32 {
    let off = pos.to_move().index() * (n + 1);
    let mine = &pos.pits()[off..off + n];
    let mut bits = 0u32;
    for (i, &p) in mine.iter().enumerate() {
        bits |= ((p != 0) as u32) << i;
    }
    bits | (((pos.pie_stage() == PieStage::Offer) as u32) << n)
}

/// `dst[i] = src[i] as f32` for slices of the same length, four at a time (the last four
/// overlapping the ones before) so that a short row of odd length (7 for six houses) is two
/// vector conversions rather than seven scalar ones.
#[inline(always)]
fn widen(src: &[u16], dst: &mut [f32]) {
    let h = dst.len();
    if h < 4 || src.len() != h {
        for (d, &s) in dst.iter_mut().zip(src) {
            *d = s as f32;
        }
        return;
    }
    let mut i = 0;
    loop {
        let j = i.min(h - 4);
        let s: &[u16; 4] = src[j..j + 4].try_into().expect("four");
        let d: &mut [f32; 4] = (&mut dst[j..j + 4]).try_into().expect("four");
        *d = s.map(f32::from);
        if j == h - 4 {
            break;
        }
        i += 4;
    }
}

/// `SELECT[bits][k]`: the position of the `k`-th set bit of `bits` (0 where there is none).
const SELECT: [[u8; 8]; 256] = {
    let mut t = [[0u8; 8]; 256];
    let mut bits = 0;
    while bits < 256 {
        let (mut i, mut k) = (0, 0);
        while i < 8 {
            if bits & (1 << i) != 0 {
                t[bits][k] = i as u8;
                k += 1;
            }
            i += 1;
        }
        bits += 1;
    }
    t
};

/// A uniformly random action among `bits` (see [`legal_bits`]): the `k`-th legal one in
/// action order, `k` drawn by [`below`]; action 0 when there is none.
#[inline(always)]
fn draw(x: &mut u64, bits: u32) -> usize {
    let k = below(x, (bits.count_ones() as usize).max(1));
    if bits < 256 {
        SELECT[bits as usize][k] as usize
    } else {
        let mut b = bits;
        for _ in 0..k {
            b &= b - 1;
        }
        (b.trailing_zeros() as usize) & 31
    }
}

impl BatchEnv {
    fn houses(&self) -> usize {
        self.rules.houses()
    }
    fn num_actions(&self) -> usize {
        self.houses() + self.rules.pie() as usize
    }

    fn random_move(x: &mut u64, pos: &kalah_rules::Position) -> Option<Move> {
        let legal = pos.legal_moves();
        (!legal.is_empty()).then(|| legal[below(x, legal.len())])
    }

    fn new_game(&mut self) -> kalah_rules::Position {
        if let Some(p) = self.fixed_start {
            return p;
        }
        for _ in 0..100 {
            let mut pos = if self.starts.is_empty() {
                kalah_rules::Position::start(self.rules, Side::South)
            } else {
                self.starts[below(&mut self.rng, self.starts.len())]
            };
            for _ in 0..self.random_opening {
                match Self::random_move(&mut self.rng, &pos) {
                    Some(m) => {
                        pos.play_unchecked(m);
                    }
                    None => break,
                }
            }
            if !pos.is_over() {
                return pos;
            }
        }
        // Every try ended the game: take the plain start.
        kalah_rules::Position::start(self.rules, Side::South)
    }

    /// Writes observation row and mask row of one game; returns its legal actions as bits.
    /// No branch on the side to move (random games change sides unpredictably): the two
    /// halves are read at offsets computed from it.
    #[inline(always)]
    fn write(pos: &kalah_rules::Position, n: usize, obs: &mut [f32], mask: &mut [bool]) -> u32 {
        let pits = pos.pits();
        let off = pos.to_move().index() * (n + 1);
        let other = (n + 1) - off;
        let (mine, theirs) = (&pits[off..off + n + 1], &pits[other..other + n + 1]);
        let (obs_mine, obs_theirs) = obs.split_at_mut(n + 1);
        widen(mine, obs_mine);
        widen(theirs, &mut obs_theirs[..n + 1]);
        let bits = legal_bits(pos, n);
        for (i, m) in mask.iter_mut().enumerate() {
            *m = (bits >> i) & 1 != 0;
        }
        bits
    }

    /// Recomputes every game's legal bits.
    fn refresh_legal(&mut self) {
        let n = self.houses();
        self.legal = self.games.iter().map(|p| legal_bits(p, n)).collect();
    }

    fn outputs<'py>(
        &self,
        py: Python<'py>,
    ) -> (Bound<'py, PyArray2<f32>>, Bound<'py, PyArray2<bool>>) {
        let (g, n, a) = (self.games.len(), self.houses(), self.num_actions());
        let obs = PyArray2::<f32>::zeros(py, [g, 2 * n + 2], false);
        let masks = PyArray2::<bool>::zeros(py, [g, a], false);
        (obs, masks)
    }

    fn observe_into(&self, obs: &Bound<'_, PyArray2<f32>>, masks: &Bound<'_, PyArray2<bool>>) {
        let (n, a) = (self.houses(), self.num_actions());
        let w = 2 * n + 2;
        let mut o = obs.readwrite();
        let mut m = masks.readwrite();
        let (o, m) = (
            o.as_slice_mut().expect("a fresh array is contiguous"),
            m.as_slice_mut().expect("a fresh array is contiguous"),
        );
        for (i, pos) in self.games.iter().enumerate() {
            Self::write(
                pos,
                n,
                &mut o[i * w..(i + 1) * w],
                &mut m[i * a..(i + 1) * a],
            );
        }
    }
}

/// The actions of a step: a contiguous `int64` array is read in place.
enum Actions<'py> {
    Array(PyReadonlyArray1<'py, i64>),
    Owned(Vec<i64>),
}

impl Actions<'_> {
    fn as_slice(&self) -> &[i64] {
        match self {
            Actions::Array(a) => a.as_slice().expect("checked contiguous"),
            Actions::Owned(v) => v,
        }
    }
}

fn actions_arg<'py>(obj: &Bound<'py, PyAny>) -> PyResult<Actions<'py>> {
    if let Ok(a) = obj.extract::<PyReadonlyArray1<'py, i64>>() {
        return Ok(match a.as_slice() {
            Ok(_) => Actions::Array(a),
            // A strided view: copied element by element.
            Err(_) => Actions::Owned(a.as_array().iter().copied().collect()),
        });
    }
    if let Ok(a) = obj.extract::<PyReadonlyArray1<'_, i32>>() {
        return Ok(Actions::Owned(
            a.as_array().iter().map(|&x| i64::from(x)).collect(),
        ));
    }
    obj.extract::<Vec<i64>>()
        .map(Actions::Owned)
        .map_err(|_| PyTypeError::new_err("actions are a 1-d array of integers, one per game"))
}

/// The output rows of one step.
struct Out<'a> {
    obs: &'a mut [f32],
    masks: &'a mut [bool],
    rewards: &'a mut [f32],
    dones: &'a mut [bool],
}

/// True when action `act` is among the legal `bits` (see [`legal_bits`]).
#[inline(always)]
fn legal_action(bits: u32, act: i64) -> bool {
    (0..32).contains(&act) && (bits >> act) & 1 != 0
}

/// The error for an illegal action, with the library's reason.
fn action_error(i: usize, pos: &kalah_rules::Position, n: usize, a: usize, act: i64) -> PyErr {
    let m = match act {
        x if x >= 0 && (x as usize) < n => Move::Sow(x as u8 + 1),
        x if x >= 0 && (x as usize) < a => Move::Swap,
        x => {
            return move_err(format!(
                "game {i}: action {x} does not exist: actions are 0 to {}",
                a - 1
            ))
        }
    };
    match pos.check(m) {
        Err(e) => move_err(format!("game {i}: action {act} ({m}) in {pos}: {e}")),
        Ok(()) => move_err(format!(
            "game {i}: action {act} ({m}) in {pos} is not allowed"
        )),
    }
}

impl BatchEnv {
    /// Plays `actions` (checked legal) and writes every game's row of the outputs. `n`
    /// houses, `a` actions.
    #[inline(always)]
    fn step_into(&mut self, n: usize, a: usize, actions: &[i64], out: Out<'_>) {
        let w = 2 * n + 2;
        // The games leave `self` for the loop, so that a finished one can be replaced.
        let mut games = std::mem::take(&mut self.games);
        let mut legal = std::mem::take(&mut self.legal);
        let rows = games
            .iter_mut()
            .zip(legal.iter_mut())
            .zip(actions)
            .zip(
                out.obs
                    .chunks_exact_mut(w)
                    .zip(out.masks.chunks_exact_mut(a)),
            )
            .zip(out.rewards.iter_mut().zip(out.dones.iter_mut()));
        for ((((pos, bits), &act), (obs, mask)), (reward, done)) in rows {
            let act = act as usize;
            let mv = if act < n {
                Move::Sow(act as u8 + 1)
            } else {
                Move::Swap
            };
            let mover = pos.to_move();
            let s = pos.play_unchecked(mv);
            *reward = 0.0;
            *done = s.ended;
            if s.ended {
                let o = pos.outcome().expect("an ended game has an outcome");
                let margin = o.scores[mover] as i64 - o.scores[mover.opponent()] as i64;
                *reward = if self.margin {
                    margin as f32
                } else {
                    margin.signum() as f32
                };
                *pos = self.new_game();
            }
            *bits = Self::write(pos, n, obs, mask);
        }
        self.games = games;
        self.legal = legal;
    }
}

#[pymethods]
impl BatchEnv {
    #[new]
    #[pyo3(signature = (num_envs, rules=None, *, seed=0, reward="margin", starts=None, random_opening=0))]
    fn new(
        num_envs: usize,
        rules: Option<&Bound<'_, PyAny>>,
        seed: u64,
        reward: &str,
        starts: Option<Vec<Bound<'_, PyAny>>>,
        random_opening: u32,
    ) -> PyResult<BatchEnv> {
        if num_envs == 0 {
            return Err(crate::KalahError::new_err("num_envs must be at least 1"));
        }
        let rules = rules_from_py(rules)?;
        let margin = match reward {
            "margin" => true,
            "wdl" => false,
            other => {
                return Err(crate::KalahError::new_err(format!(
                    "unknown reward {other:?}: expected margin or wdl"
                )))
            }
        };
        let rules_obj = starts
            .as_ref()
            .map(|s| s.first().map(|o| o.py()))
            .and_then(|py| py)
            .map(|py| Bound::new(py, crate::game::Rules(rules)))
            .transpose()?;
        let starts = starts
            .unwrap_or_default()
            .iter()
            .map(|o| {
                let p = position_from_py(o, rules_obj.as_ref().map(|r| r.as_any()))?;
                if p.rules() != rules {
                    return Err(crate::position_err(format!(
                        "a start position has the rules {}, not {rules}",
                        p.rules()
                    )));
                }
                if p.is_over() {
                    return Err(crate::position_err(format!(
                        "the start position {p} is a finished game"
                    )));
                }
                Ok(p)
            })
            .collect::<PyResult<Vec<_>>>()?;
        let fixed_start = (starts.is_empty() && random_opening == 0)
            .then(|| kalah_rules::Position::start(rules, Side::South));
        let mut env = BatchEnv {
            rules,
            games: Vec::new(),
            legal: Vec::new(),
            starts,
            random_opening,
            fixed_start,
            margin,
            rng: seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1,
        };
        env.games = (0..num_envs).map(|_| env.new_game()).collect();
        env.refresh_legal();
        Ok(env)
    }

    #[getter]
    fn num_envs(&self) -> usize {
        self.games.len()
    }
    #[getter(num_actions)]
    fn get_num_actions(&self) -> usize {
        self.num_actions()
    }
    #[getter]
    fn obs_size(&self) -> usize {
        2 * self.houses() + 2
    }
    #[getter]
    fn rules(&self) -> crate::game::Rules {
        crate::game::Rules(self.rules)
    }

    /// Starts every game again; ``seed`` reseeds the generator. Returns ``(obs, masks)``.
    #[pyo3(signature = (seed=None))]
    fn reset<'py>(
        &mut self,
        py: Python<'py>,
        seed: Option<u64>,
    ) -> (Bound<'py, PyArray2<f32>>, Bound<'py, PyArray2<bool>>) {
        if let Some(s) = seed {
            self.rng = s.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        }
        for i in 0..self.games.len() {
            self.games[i] = self.new_game();
        }
        self.refresh_legal();
        self.observe(py)
    }

    /// The current ``(obs, masks)``.
    fn observe<'py>(
        &self,
        py: Python<'py>,
    ) -> (Bound<'py, PyArray2<f32>>, Bound<'py, PyArray2<bool>>) {
        let (obs, masks) = self.outputs(py);
        self.observe_into(&obs, &masks);
        (obs, masks)
    }

    /// Plays one action in every game. Raises ``MoveError`` naming the first game whose
    /// action is illegal, before any game moves. Returns ``(obs, rewards, dones, masks)``.
    #[allow(clippy::type_complexity)]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<(
        Bound<'py, PyArray2<f32>>,
        Bound<'py, PyArray1<f32>>,
        Bound<'py, PyArray1<bool>>,
        Bound<'py, PyArray2<bool>>,
    )> {
        let actions = actions_arg(actions)?;
        let actions = actions.as_slice();
        let (g, n, a) = (self.games.len(), self.houses(), self.num_actions());
        if actions.len() != g {
            return Err(PyTypeError::new_err(format!(
                "{} actions for {g} games",
                actions.len()
            )));
        }
        // Check every action first, so an error leaves every game as it was. The env holds
        // no finished game, so an action is legal when its house has seeds (or swap is offered).
        let all_legal = actions
            .iter()
            .zip(&self.legal)
            .fold(true, |ok, (&act, &bits)| ok & legal_action(bits, act));
        if !all_legal {
            for (i, (&act, &bits)) in actions.iter().zip(&self.legal).enumerate() {
                if !legal_action(bits, act) {
                    return Err(action_error(i, &self.games[i], n, a, act));
                }
            }
        }
        // Every entry is written below, so the arrays need no zeroing.
        // SAFETY: `PyArray::new` leaves the memory uninitialised; plain numbers and bools
        // are written to every element before Python sees the arrays.
        let (obs, masks, rewards, dones) = unsafe {
            (
                PyArray2::<f32>::new(py, [g, 2 * n + 2], false),
                PyArray2::<bool>::new(py, [g, a], false),
                PyArray1::<f32>::new(py, [g], false),
                PyArray1::<bool>::new(py, [g], false),
            )
        };
        {
            let mut o = obs.readwrite();
            let mut m = masks.readwrite();
            let mut r = rewards.readwrite();
            let mut d = dones.readwrite();
            let out = Out {
                obs: o.as_slice_mut().expect("contiguous"),
                masks: m.as_slice_mut().expect("contiguous"),
                rewards: r.as_slice_mut().expect("contiguous"),
                dones: d.as_slice_mut().expect("contiguous"),
            };
            // The common board gets its own copy with `n` and `a` constants.
            match (n, a) {
                (6, 6) => self.step_into(6, 6, actions, out),
                (n, a) => self.step_into(n, a, actions, out),
            }
        }
        Ok((obs, rewards, dones, masks))
    }

    /// A uniformly random legal action for every game (``int64``), from the env's generator.
    fn random_actions<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        // SAFETY: every element is written below before Python sees the array.
        let out = unsafe { PyArray1::<i64>::new(py, [self.games.len()], false) };
        {
            let mut w = out.readwrite();
            let w = w.as_slice_mut().expect("contiguous");
            let rng = &mut self.rng;
            for (slot, &bits) in w.iter_mut().zip(&self.legal) {
                *slot = draw(rng, bits) as i64;
            }
        }
        out
    }

    /// Plays ``steps`` random moves in every game, all in Rust (finished games start again);
    /// returns the number of games finished. The speed of the environment without Python.
    fn play_random(&mut self, py: Python<'_>, steps: u64) -> u64 {
        let n = self.houses();
        py.detach(|| {
            let mut finished = 0;
            for _ in 0..steps {
                for i in 0..self.games.len() {
                    let a = draw(&mut self.rng, self.legal[i]);
                    let m = if a < n {
                        Move::Sow(a as u8 + 1)
                    } else {
                        Move::Swap
                    };
                    if self.games[i].play_unchecked(m).ended {
                        finished += 1;
                        self.games[i] = self.new_game();
                    }
                    self.legal[i] = legal_bits(&self.games[i], n);
                }
            }
            finished
        })
    }

    /// Who moves next in each game: 0 South, 1 North (``int8``).
    #[getter]
    fn to_move<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        let v: Vec<i8> = self
            .games
            .iter()
            .map(|p| p.to_move().index() as i8)
            .collect();
        PyArray1::from_vec(py, v)
    }

    /// A copy of game ``i``'s position.
    fn position(&self, i: usize) -> PyResult<Position> {
        self.games
            .get(i)
            .map(|&p| Position(p))
            .ok_or_else(|| pyo3::exceptions::PyIndexError::new_err("no such game"))
    }

    /// Copies of every game's position.
    fn positions(&self) -> Vec<Position> {
        self.games.iter().map(|&p| Position(p)).collect()
    }

    /// Sets game ``i`` to ``position`` (same rules, not finished).
    fn set_position(&mut self, i: usize, position: &Bound<'_, PyAny>) -> PyResult<()> {
        let r = Bound::new(position.py(), crate::game::Rules(self.rules))?;
        let p = position_from_py(position, Some(r.as_any()))?;
        if p.rules() != self.rules || p.is_over() {
            return Err(crate::position_err(format!(
                "{p} is not an unfinished position of the rules {}",
                self.rules
            )));
        }
        let slot = self
            .games
            .get_mut(i)
            .ok_or_else(|| pyo3::exceptions::PyIndexError::new_err("no such game"))?;
        *slot = p;
        self.legal[i] = legal_bits(&p, self.houses());
        Ok(())
    }

    fn __len__(&self) -> usize {
        self.games.len()
    }
}
