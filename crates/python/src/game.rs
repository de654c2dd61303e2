//! Rules, positions, moves, sowings and games.

use crate::{move_err, position_err, rules_err, RecordError};
use kalah_rules::{
    draw, parse_setup, parse_turn, Move, Pit, Preset, RulesSetup, Side, Sowing as RSowing, Status,
};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Rules>()?;
    m.add_class::<Position>()?;
    m.add_class::<Sowing>()?;
    m.add_class::<Outcome>()?;
    m.add_class::<Game>()?;
    m.add_function(wrap_pyfunction!(perft, m)?)?;
    m.add_function(wrap_pyfunction!(divide, m)?)?;
    m.add_function(wrap_pyfunction!(parse_turn_py, m)?)?;
    m.add_function(wrap_pyfunction!(playouts, m)?)?;
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Small conversions

pub fn side_name(s: Side) -> &'static str {
    s.name()
}

pub fn parse_side(s: &str) -> PyResult<Side> {
    s.parse::<Side>().map_err(position_err)
}

/// A move as Python sees it: an `int` house number, or the string `"swap"`.
pub fn move_to_py<'py>(py: Python<'py>, m: Move) -> PyResult<Bound<'py, PyAny>> {
    Ok(match m {
        Move::Sow(h) => h.into_pyobject(py)?.into_any(),
        Move::Swap => "swap".into_pyobject(py)?.into_any(),
    })
}

/// Accepts `3`, `"3"` or `"swap"`.
pub fn move_from_py(obj: &Bound<'_, PyAny>) -> PyResult<Move> {
    if obj.is_instance_of::<pyo3::types::PyBool>() {
        return Err(PyTypeError::new_err(
            "a move is a house number (int) or \"swap\"",
        ));
    }
    if let Ok(i) = obj.extract::<i64>() {
        return match u8::try_from(i) {
            Ok(h) if h >= 1 => Ok(Move::Sow(h)),
            _ => Err(move_err(kalah_rules::ParseMoveError(i.to_string()))),
        };
    }
    if let Ok(s) = obj.extract::<String>() {
        return s.parse::<Move>().map_err(move_err);
    }
    Err(PyTypeError::new_err(
        "a move is a house number (int) or \"swap\"",
    ))
}

fn pit_to_py<'py>(py: Python<'py>, p: Pit) -> PyResult<Bound<'py, PyTuple>> {
    match p {
        Pit::House(s, h) => PyTuple::new(
            py,
            [
                side_name(s).into_pyobject(py)?.into_any(),
                h.into_pyobject(py)?.into_any(),
            ],
        ),
        Pit::Store(s) => PyTuple::new(py, [side_name(s), "store"]),
    }
}

fn py_bool(b: bool) -> &'static str {
    if b {
        "True"
    } else {
        "False"
    }
}

fn pie_name(p: kalah_rules::PieStage) -> &'static str {
    match p {
        kalah_rules::PieStage::Off => "off",
        kalah_rules::PieStage::FirstTurn => "first",
        kalah_rules::PieStage::Offer => "offer",
    }
}

// ---------------------------------------------------------------------------------------
// Rules

/// Rules of Kalah: a preset and options, exactly as the command line takes them.
///
/// ``Rules()`` is Kalah(6,4) (``standard``). A rules string is a preset name followed by
/// ``name=value`` overrides, or the full list that records store; keyword options override
/// it like the command line's flags (``--rules bga --seeds 5 --pie``)::
///
///     >>> import kalah
///     >>> str(kalah.Rules("bga", seeds=5, pie=True))
///     'houses=6 seeds=5 capture=standard end=mover-cannot-move sweep=owner early-end=yes pie=yes both-stores=no'
///     >>> kalah.Rules("standard capture=empty") == kalah.Rules(preset="empty-capture")
///     True
///
/// Raises ``RulesError`` with the command line's message for an unknown preset, option or
/// value, or a count out of range.
#[pyclass(module = "kalah", frozen, eq, hash, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rules(pub kalah_rules::Rules);

/// Accepts a `Rules`, a rules string, or `None` (standard).
pub fn rules_from_py(obj: Option<&Bound<'_, PyAny>>) -> PyResult<kalah_rules::Rules> {
    match obj {
        None => Ok(kalah_rules::Rules::standard()),
        Some(o) if o.is_none() => Ok(kalah_rules::Rules::standard()),
        Some(o) => {
            if let Ok(r) = o.extract::<Rules>() {
                Ok(r.0)
            } else if let Ok(s) = o.extract::<String>() {
                s.parse().map_err(rules_err)
            } else {
                Err(PyTypeError::new_err(
                    "rules are a kalah.Rules or a rules string",
                ))
            }
        }
    }
}

fn set_flag(setup: &mut RulesSetup, name: &str, v: &Bound<'_, PyAny>) -> PyResult<()> {
    let text = if let Ok(b) = v.cast::<pyo3::types::PyBool>() {
        if b.is_true() { "yes" } else { "no" }.to_string()
    } else if let Ok(i) = v.extract::<i64>() {
        i.to_string()
    } else {
        v.str()?.to_string()
    };
    setup.set(name, &text).map_err(rules_err)
}

#[pymethods]
impl Rules {
    #[new]
    #[pyo3(signature = (spec=None, *, preset=None, houses=None, seeds=None, capture=None, end=None, sweep=None, early_end=None, pie=None, both_stores=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        spec: Option<&str>,
        preset: Option<&str>,
        houses: Option<&Bound<'_, PyAny>>,
        seeds: Option<&Bound<'_, PyAny>>,
        capture: Option<&Bound<'_, PyAny>>,
        end: Option<&Bound<'_, PyAny>>,
        sweep: Option<&Bound<'_, PyAny>>,
        early_end: Option<&Bound<'_, PyAny>>,
        pie: Option<&Bound<'_, PyAny>>,
        both_stores: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Rules> {
        let mut setup = match (spec, preset) {
            (Some(_), Some(_)) => {
                return Err(PyTypeError::new_err(
                    "give either a rules string or preset=, not both",
                ))
            }
            (Some(s), None) => s.parse::<kalah_rules::Rules>().map_err(rules_err)?.setup(),
            (None, Some(p)) => p.parse::<Preset>().map_err(rules_err)?.setup(),
            (None, None) => Preset::Standard.setup(),
        };
        for (name, v) in [
            ("houses", houses),
            ("seeds", seeds),
            ("capture", capture),
            ("end", end),
            ("sweep", sweep),
            ("early-end", early_end),
            ("pie", pie),
            ("both-stores", both_stores),
        ] {
            if let Some(v) = v.filter(|v| !v.is_none()) {
                set_flag(&mut setup, name, v)?;
            }
        }
        kalah_rules::Rules::new(setup).map(Rules).map_err(rules_err)
    }

    /// Every preset as ``(name, summary)``, in documentation order.
    #[staticmethod]
    fn presets() -> Vec<(&'static str, &'static str)> {
        Preset::ALL
            .iter()
            .map(|p| (p.name(), p.summary()))
            .collect()
    }

    #[getter]
    fn houses(&self) -> usize {
        self.0.houses()
    }
    #[getter]
    fn seeds(&self) -> usize {
        self.0.seeds()
    }
    #[getter]
    fn capture(&self) -> &'static str {
        self.0.capture().name()
    }
    #[getter]
    fn end(&self) -> &'static str {
        self.0.end().name()
    }
    #[getter]
    fn sweep(&self) -> &'static str {
        self.0.sweep().name()
    }
    #[getter]
    fn early_end(&self) -> bool {
        self.0.early_end()
    }
    #[getter]
    fn pie(&self) -> bool {
        self.0.pie()
    }
    #[getter]
    fn both_stores(&self) -> bool {
        self.0.both_stores()
    }
    /// Seeds on the board at the start.
    #[getter]
    fn total_seeds(&self) -> usize {
        self.0.total_seeds()
    }
    /// The preset whose options these are exactly, or ``None``.
    #[getter]
    fn preset(&self) -> Option<&'static str> {
        self.0.matching_preset().map(Preset::name)
    }
    /// The rules in plain words, a line per option (as ``kalah rules``).
    fn describe(&self) -> String {
        self.0.describe()
    }
    /// The start position, ``first`` to move (``"south"`` or ``"north"``).
    #[pyo3(signature = (first="south"))]
    fn start(&self, first: &str) -> PyResult<Position> {
        Ok(Position(kalah_rules::Position::start(
            self.0,
            parse_side(first)?,
        )))
    }
    fn __str__(&self) -> String {
        self.0.to_string()
    }
    fn __repr__(&self) -> String {
        format!("Rules({:?})", self.0.to_string())
    }
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        Ok((slf.get_type().into_any(), (slf.get().0.to_string(),)))
    }
}

// ---------------------------------------------------------------------------------------
// Position

/// A position: the board, the side to move, the pie stage and the rules.
///
/// ``Position()`` is the start of Kalah(6,4); ``Position(text, rules)`` reads the notation
/// of ``docs/notation.md``. As on the command line, when ``rules`` is ``None`` or a string
/// without ``houses=``, the rules take the position's number of houses::
///
///     >>> import kalah
///     >>> p = kalah.Position()
///     >>> p.legal_moves()
///     [1, 2, 3, 4, 5, 6]
///     >>> s = p.play(3)          # 4 seeds: the last lands in the store
///     >>> s.extra_turn, str(p)
///     (True, '<6,1,0,4,4,0,5,5,5,4,4,4,4,4,4> S')
///     >>> kalah.Position("<3,0,0,1,1,1,1,1,1> N").rules.houses
///     3
///
/// Positions are mutable (``play``) and cheap to copy (``copy()``, ``after(move)``); they
/// compare equal by board, side, pie stage and rules, and pickle.
#[pyclass(module = "kalah", eq, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position(pub kalah_rules::Position);

/// Reads a position the way the command line's `--position` does.
pub fn parse_position(
    text: &str,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<kalah_rules::Position> {
    let setup = parse_setup(text).map_err(position_err)?;
    let explicit_houses = match rules {
        None => false,
        Some(o) if o.is_none() => false,
        Some(o) => match o.extract::<String>() {
            Ok(s) => s.split_whitespace().any(|w| {
                w.split_once('=')
                    .is_some_and(|(k, _)| k.trim().eq_ignore_ascii_case("houses"))
            }),
            Err(_) => true,
        },
    };
    let mut r = rules_from_py(rules)?;
    let n = setup.houses.south.len();
    if !explicit_houses && n != r.houses() {
        let mut s = r.setup();
        s.houses = n.min(255) as u8;
        r = kalah_rules::Rules::new(s).map_err(rules_err)?;
    }
    kalah_rules::Position::from_setup(r, &setup).map_err(position_err)
}

/// Accepts a `Position` or a position string (rules from `rules`).
pub fn position_from_py(
    obj: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<kalah_rules::Position> {
    if let Ok(p) = obj.extract::<Position>() {
        return Ok(p.0);
    }
    if let Ok(s) = obj.extract::<String>() {
        return parse_position(&s, rules);
    }
    Err(PyTypeError::new_err(
        "a position is a kalah.Position or a position string",
    ))
}

#[pymethods]
impl Position {
    #[new]
    #[pyo3(signature = (text=None, rules=None, *, first="south"))]
    fn new(
        text: Option<&str>,
        rules: Option<&Bound<'_, PyAny>>,
        first: &str,
    ) -> PyResult<Position> {
        match text {
            None => Ok(Position(kalah_rules::Position::start(
                rules_from_py(rules)?,
                parse_side(first)?,
            ))),
            Some(t) => {
                if first != "south" {
                    return Err(PyTypeError::new_err(
                        "first= applies to the start position only; the side to move is part of the position string",
                    ));
                }
                parse_position(t, rules).map(Position)
            }
        }
    }

    #[getter]
    fn rules(&self) -> Rules {
        Rules(self.0.rules())
    }
    /// ``"south"`` or ``"north"``.
    #[getter]
    #[allow(clippy::wrong_self_convention)]
    fn to_move(&self) -> &'static str {
        side_name(self.0.to_move())
    }
    /// ``"off"``, ``"first"`` (the first turn is under way) or ``"offer"`` (``swap`` allowed).
    #[getter]
    fn pie_stage(&self) -> &'static str {
        pie_name(self.0.pie_stage())
    }
    /// Seeds in a side's store.
    fn store(&self, side: &str) -> PyResult<u16> {
        Ok(self.0.store(parse_side(side)?))
    }
    /// A side's houses in its own sowing order (house 1 first).
    fn houses(&self, side: &str) -> PyResult<Vec<u16>> {
        Ok(self.0.houses(parse_side(side)?).to_vec())
    }
    /// ``(south_store, north_store)``.
    #[getter]
    fn stores(&self) -> (u16, u16) {
        (self.0.store(Side::South), self.0.store(Side::North))
    }
    /// The pit array: South houses 1..n, South store, North houses 1..n, North store.
    #[getter]
    fn pits(&self) -> Vec<u16> {
        self.0.pits().to_vec()
    }
    /// All seeds in the game, stores included.
    #[getter]
    fn total_seeds(&self) -> u32 {
        self.0.total_seeds()
    }
    fn is_over(&self) -> bool {
        self.0.is_over()
    }
    /// The result when the game is over here (final scores after the sweep), else ``None``.
    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome().map(Outcome)
    }
    /// Legal moves in house order, then ``"swap"``; empty when the game is over.
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        self.0
            .legal_moves()
            .iter()
            .map(|&m| move_to_py(py, m))
            .collect()
    }
    /// Raises ``MoveError`` with the reason when ``move`` cannot be played here.
    fn check(&self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        self.0.check(move_from_py(r#move)?).map_err(move_err)
    }
    fn is_legal(&self, r#move: &Bound<'_, PyAny>) -> bool {
        move_from_py(r#move).is_ok_and(|m| self.0.check(m).is_ok())
    }
    /// Plays a move (``int`` house or ``"swap"``) and returns what the sowing did. Raises
    /// ``MoveError`` and leaves the position unchanged when the move is illegal.
    fn play(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<Sowing> {
        let m = move_from_py(r#move)?;
        let before = self.0;
        let s = self.0.play(m).map_err(move_err)?;
        Ok(Sowing::new(1, &before, &s, &self.0))
    }
    /// Plays a whole turn written as ``"3-1"`` (or a list of moves); returns the sowings.
    fn play_turn(&mut self, turn: &Bound<'_, PyAny>) -> PyResult<Vec<Sowing>> {
        let moves = moves_arg(turn)?;
        let mut p = self.0;
        let mut out = Vec::with_capacity(moves.len());
        for (i, m) in moves.into_iter().enumerate() {
            let before = p;
            let s = p
                .play(m)
                .map_err(|e| move_err(format!("move {} ({m}) in {before}: {e}", i + 1)))?;
            out.push(Sowing::new(i + 1, &before, &s, &p));
        }
        self.0 = p;
        Ok(out)
    }
    /// A copy with ``move`` played.
    fn after(&self, r#move: &Bound<'_, PyAny>) -> PyResult<Position> {
        let mut p = self.0;
        p.play(move_from_py(r#move)?).map_err(move_err)?;
        Ok(Position(p))
    }
    fn copy(&self) -> Position {
        *self
    }
    /// Hash of the current value (change a position used as a dict key at your own risk).
    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.0.hash(&mut h);
        h.finish()
    }
    fn __copy__(&self) -> Position {
        *self
    }
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Position {
        *self
    }
    /// The board drawn as ``kalah show`` draws it.
    fn draw(&self) -> String {
        draw(&self.0)
    }
    fn __str__(&self) -> String {
        self.0.to_string()
    }
    fn __repr__(&self) -> String {
        format!(
            "Position({:?}, {:?})",
            self.0.to_string(),
            self.0.rules().to_string()
        )
    }
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String, String))> {
        let p = slf.borrow().0;
        Ok((
            slf.get_type().into_any(),
            (p.to_string(), p.rules().to_string()),
        ))
    }
}

fn moves_arg(turn: &Bound<'_, PyAny>) -> PyResult<Vec<Move>> {
    if let Ok(s) = turn.extract::<String>() {
        let words: Vec<&str> = s.split_whitespace().collect();
        let mut out = Vec::new();
        for w in words {
            out.extend(parse_turn(w).map_err(move_err)?);
        }
        if out.is_empty() {
            return Err(move_err(kalah_rules::ParseMoveError(s)));
        }
        return Ok(out);
    }
    if let Ok(list) = turn.extract::<Vec<Bound<'_, PyAny>>>() {
        return list.iter().map(move_from_py).collect();
    }
    Ok(vec![move_from_py(turn)?])
}

// ---------------------------------------------------------------------------------------
// Sowing and Outcome

/// What one move did, as ``kalah apply --json`` reports it.
///
/// Pits are ``(side, house)`` or ``(side, "store")``; ``capture`` is ``(house, seeds)``:
/// the mover's house where the last seed landed and the seeds moved to the store, the
/// capturing seed included; ``sweep`` is ``(south, north)``: what each store received at
/// the end. ``to_dict()`` gives the JSON form::
///
///     >>> import kalah
///     >>> s = kalah.Position("<6,0,0,1,0,0,0,0,0,1,1,1,1,3,1> S").play(1)
///     >>> s.sown, s.capture, s.sweep, s.ended
///     ([('south', 2)], (2, 4), (0, 5), True)
#[pyclass(module = "kalah", frozen, get_all)]
pub struct Sowing {
    /// Number of the move in the call that played it (1 for ``Position.play``).
    ply: usize,
    mover: &'static str,
    r#move: Py<PyAny>,
    seeds: u16,
    sown: Vec<Py<PyTuple>>,
    last: Option<Py<PyTuple>>,
    extra_turn: bool,
    capture: Option<(u8, u16)>,
    sweep: Option<(u16, u16)>,
    ended: bool,
    /// The position after the move, as a string.
    position: String,
}

impl Sowing {
    pub fn new(
        ply: usize,
        before: &kalah_rules::Position,
        s: &RSowing,
        after: &kalah_rules::Position,
    ) -> Sowing {
        Python::attach(|py| {
            let sown = match s.mv {
                Move::Sow(h) => before
                    .sowing_path(h)
                    .into_iter()
                    .map(|p| pit_to_py(py, p).map(Bound::unbind))
                    .collect::<PyResult<Vec<_>>>()
                    .unwrap_or_default(),
                Move::Swap => Vec::new(),
            };
            Sowing {
                ply,
                mover: side_name(s.mover),
                r#move: move_to_py(py, s.mv)
                    .map(Bound::unbind)
                    .unwrap_or_else(|_| py.None()),
                seeds: s.seeds,
                sown,
                last: s
                    .last
                    .and_then(|p| pit_to_py(py, p).ok().map(Bound::unbind)),
                extra_turn: s.extra_turn,
                capture: s.capture.map(|c| (c.house, c.seeds)),
                sweep: s.sweep.map(|w| (w.south, w.north)),
                ended: s.ended,
                position: after.to_string(),
            }
        })
    }
}

fn pit_dict<'py>(py: Python<'py>, t: &Py<PyTuple>) -> PyResult<Bound<'py, PyDict>> {
    let t = t.bind(py);
    let d = PyDict::new(py);
    d.set_item("side", t.get_item(0)?)?;
    let second = t.get_item(1)?;
    if second.extract::<String>().is_ok() {
        d.set_item("store", true)?;
    } else {
        d.set_item("house", second)?;
    }
    Ok(d)
}

#[pymethods]
impl Sowing {
    /// The JSON form of ``kalah apply --json`` (and the browser API's history).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("ply", self.ply)?;
        d.set_item("mover", self.mover)?;
        d.set_item("move", self.r#move.bind(py).str()?)?;
        d.set_item("position", &self.position)?;
        d.set_item("seeds", self.seeds)?;
        let sown = self
            .sown
            .iter()
            .map(|t| pit_dict(py, t))
            .collect::<PyResult<Vec<_>>>()?;
        d.set_item("sown", sown)?;
        d.set_item(
            "last",
            match &self.last {
                Some(t) => pit_dict(py, t)?.into_any(),
                None => py.None().into_bound(py),
            },
        )?;
        d.set_item("extra_turn", self.extra_turn)?;
        d.set_item(
            "capture",
            match self.capture {
                Some((house, seeds)) => {
                    let c = PyDict::new(py);
                    c.set_item("house", house)?;
                    c.set_item("seeds", seeds)?;
                    c.into_any()
                }
                None => py.None().into_bound(py),
            },
        )?;
        d.set_item(
            "sweep",
            match self.sweep {
                Some((s, n)) => {
                    let c = PyDict::new(py);
                    c.set_item("south", s)?;
                    c.set_item("north", n)?;
                    c.into_any()
                }
                None => py.None().into_bound(py),
            },
        )?;
        d.set_item("ended", self.ended)?;
        Ok(d)
    }
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "Sowing(mover={:?}, move={}, seeds={}, extra_turn={}, capture={}, ended={}, position={:?})",
            self.mover,
            self.r#move.bind(py).repr()?,
            self.seeds,
            py_bool(self.extra_turn),
            self.capture
                .map_or("None".to_string(), |(h, s)| format!("({h}, {s})")),
            py_bool(self.ended),
            self.position
        ))
    }
}

/// How a finished game ended: final scores after the sweep and the winner::
///
///     >>> import kalah
///     >>> o = kalah.Position("<6,20,18,0,0,0,0,0,0,1,1,1,1,1,5> S").outcome()
///     >>> o.scores, o.winner, o.margin("north")
///     ((20, 28), 'north', 8)
#[pyclass(module = "kalah", frozen, eq)]
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Outcome(pub kalah_rules::Outcome);

#[pymethods]
impl Outcome {
    /// ``(south, north)`` final stores.
    #[getter]
    fn scores(&self) -> (u32, u32) {
        (self.0.scores.south, self.0.scores.north)
    }
    /// ``"south"``, ``"north"`` or ``None`` for a draw.
    #[getter]
    fn winner(&self) -> Option<&'static str> {
        self.0.winner.map(side_name)
    }
    /// True when the early end (a store above half) ended the game.
    #[getter]
    fn early(&self) -> bool {
        self.0.early
    }
    /// The final margin for ``side``: its score minus the other's.
    fn margin(&self, side: &str) -> PyResult<i64> {
        let s = parse_side(side)?;
        Ok(self.0.scores[s] as i64 - self.0.scores[s.opponent()] as i64)
    }
    fn __repr__(&self) -> String {
        format!(
            "Outcome(scores=({}, {}), winner={}, early={})",
            self.0.scores.south,
            self.0.scores.north,
            self.0
                .winner
                .map_or("None".to_string(), |s| format!("{:?}", s.name())),
            if self.0.early { "True" } else { "False" }
        )
    }
}

// ---------------------------------------------------------------------------------------
// Game

/// A game: rules, players, start position, moves and resignation, with undo and records.
///
///     >>> import kalah
///     >>> g = kalah.Game()
///     >>> [s.extra_turn for s in g.play_turn("3-1")]
///     [True, False]
///     >>> g.undo()
///     1
///     >>> g.moves
///     [3]
///     >>> kalah.Game.from_record(g.to_record()).moves
///     [3]
#[pyclass(module = "kalah")]
#[derive(Clone)]
pub struct Game(pub kalah_rules::Game);

fn game_err(e: kalah_rules::GameError) -> PyErr {
    move_err(e)
}

#[pymethods]
impl Game {
    #[new]
    #[pyo3(signature = (rules=None, start=None, *, first="south"))]
    fn new(
        rules: Option<&Bound<'_, PyAny>>,
        start: Option<&Bound<'_, PyAny>>,
        first: &str,
    ) -> PyResult<Game> {
        let pos = match start {
            Some(s) if !s.is_none() => position_from_py(s, rules)?,
            _ => kalah_rules::Position::start(rules_from_py(rules)?, parse_side(first)?),
        };
        Ok(Game(kalah_rules::Game::new(pos)))
    }

    /// Reads a game record (``docs/notation.md``), replaying and checking every move.
    #[staticmethod]
    fn from_record(text: &str) -> PyResult<Game> {
        kalah_rules::Game::from_record(text)
            .map(Game)
            .map_err(|e| RecordError::new_err(e.to_string()))
    }
    /// The game record; reading it gives back the same game.
    fn to_record(&self) -> String {
        self.0.to_record()
    }
    #[getter]
    fn rules(&self) -> Rules {
        Rules(self.0.rules())
    }
    #[getter]
    fn start(&self) -> Position {
        Position(*self.0.start())
    }
    /// A copy of the current position.
    #[getter]
    fn position(&self) -> Position {
        Position(*self.0.position())
    }
    /// Every move (each sowing and ``swap``) in order.
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        self.0.moves().iter().map(|&m| move_to_py(py, m)).collect()
    }
    /// The turns as ``(side, "3-1")``.
    fn turns(&self) -> Vec<(&'static str, String)> {
        self.0
            .turns()
            .into_iter()
            .map(|(s, m)| (side_name(s), kalah_rules::format_turn(&m)))
            .collect()
    }
    /// ``"playing"``, ``"finished"`` or ``"resigned"``.
    #[getter]
    fn status(&self) -> &'static str {
        match self.0.status() {
            Status::Playing => "playing",
            Status::Finished(_) => "finished",
            Status::Resigned(_) => "resigned",
        }
    }
    /// The side that resigned, if any.
    #[getter]
    fn resigned(&self) -> Option<&'static str> {
        match self.0.status() {
            Status::Resigned(s) => Some(side_name(s)),
            _ => None,
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        match self.0.status() {
            Status::Finished(o) => Some(Outcome(o)),
            _ => None,
        }
    }
    /// The record's ``Result``: ``30-18``, ``South resigns``, ``North resigns`` or ``*``.
    #[getter]
    fn result(&self) -> String {
        self.0.result_text()
    }
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        if matches!(self.0.status(), Status::Resigned(_)) {
            return Ok(Vec::new());
        }
        Position(*self.0.position()).legal_moves(py)
    }
    /// Plays one move; returns its sowing. Raises ``MoveError`` after the end, a
    /// resignation, or for an illegal move.
    fn play(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<Sowing> {
        let m = move_from_py(r#move)?;
        let before = *self.0.position();
        let s = self.0.play(m).map_err(game_err)?;
        Ok(Sowing::new(
            self.0.moves().len(),
            &before,
            &s,
            self.0.position(),
        ))
    }
    /// Plays a turn (``"3-1"``, or a list of moves); all or nothing.
    fn play_turn(&mut self, turn: &Bound<'_, PyAny>) -> PyResult<Vec<Sowing>> {
        let moves = moves_arg(turn)?;
        let mut g = self.0.clone();
        let mut out = Vec::new();
        for m in moves {
            let before = *g.position();
            let s = g.play(m).map_err(|e| {
                move_err(format!(
                    "move {} ({m}) in {before}: {e}",
                    g.moves().len() + 1
                ))
            })?;
            out.push(Sowing::new(g.moves().len(), &before, &s, g.position()));
        }
        self.0 = g;
        Ok(out)
    }
    /// Takes back the last move and returns it.
    fn undo<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let m = self.0.undo().map_err(game_err)?;
        move_to_py(py, m)
    }
    fn resign(&mut self, side: &str) -> PyResult<()> {
        self.0.resign(parse_side(side)?).map_err(game_err)
    }
    /// The position after the first ``plies`` moves.
    fn position_after(&self, plies: usize) -> Position {
        Position(self.0.position_after(plies.min(self.0.moves().len())))
    }
    /// Player names ``(south, north)`` by their seat at the start.
    #[getter]
    fn get_players(&self) -> (String, String) {
        (self.0.players.south.clone(), self.0.players.north.clone())
    }
    #[setter]
    fn set_players(&mut self, names: (String, String)) {
        self.0.players = kalah_rules::BySide::new(names.0, names.1);
    }
    /// Other tags of the record, in order, as ``(name, value)``.
    #[getter]
    fn get_tags(&self) -> Vec<(String, String)> {
        self.0.tags.clone()
    }
    #[setter]
    fn set_tags(&mut self, tags: Vec<(String, String)>) {
        self.0.tags = tags;
    }
    fn copy(&self) -> Game {
        self.clone()
    }
    fn __copy__(&self) -> Game {
        self.clone()
    }
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Game {
        self.clone()
    }
    fn __len__(&self) -> usize {
        self.0.moves().len()
    }
    fn __repr__(&self) -> String {
        format!(
            "Game({:?}, moves={}, position={:?})",
            self.0.rules().to_string(),
            self.0.moves().len(),
            self.0.position().to_string()
        )
    }
}

// ---------------------------------------------------------------------------------------
// Functions

/// Move-generation count: leaf positions ``depth`` moves from ``position`` (``kalah perft``).
#[pyfunction]
fn perft(py: Python<'_>, position: &Bound<'_, PyAny>, depth: u32) -> PyResult<u64> {
    let pos = position_from_py(position, None)?;
    py.detach(|| Ok(kalah_rules::perft(&pos, depth)))
}

/// Perft per legal move: ``[(move, count), ...]``.
#[pyfunction]
fn divide<'py>(
    py: Python<'py>,
    position: &Bound<'py, PyAny>,
    depth: u32,
) -> PyResult<Vec<(Bound<'py, PyAny>, u64)>> {
    let pos = position_from_py(position, None)?;
    let counts = py.detach(|| kalah_rules::divide(&pos, depth));
    counts
        .into_iter()
        .map(|(m, n)| Ok((move_to_py(py, m)?, n)))
        .collect()
}

/// Parses a turn ``"3-1"`` into its moves, without a position.
#[pyfunction(name = "parse_turn")]
fn parse_turn_py<'py>(py: Python<'py>, text: &str) -> PyResult<Vec<Bound<'py, PyAny>>> {
    parse_turn(text)
        .map_err(move_err)?
        .into_iter()
        .map(|m| move_to_py(py, m))
        .collect()
}

/// The ``kalah bench playouts`` loop: ``games`` random games from the start, all in Rust.
/// Returns ``(games, moves, margin_sum)``, deterministic for the rules.
#[pyfunction]
#[pyo3(signature = (games, rules=None))]
fn playouts(
    py: Python<'_>,
    games: u64,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<(u64, u64, i64)> {
    let r = rules_from_py(rules)?;
    let s = py.detach(|| kalah_rules::playouts(r, games));
    Ok((s.games, s.moves, s.margin_sum))
}
