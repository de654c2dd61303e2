//! Rules as clients send them: a preset and optional overrides, checked by the rules core.

use crate::error::{ApiError, ApiResult};
use kalah_rules::{CaptureRule, EndRule, Preset, Rules, SweepRule};
use serde::Deserialize;

#[derive(Debug, Default, Deserialize)]
pub struct RulesReq {
    pub preset: Option<String>,
    pub houses: Option<u32>,
    pub seeds: Option<u32>,
    pub capture: Option<String>,
    pub end: Option<String>,
    pub sweep: Option<String>,
    pub early_end: Option<bool>,
    pub pie: Option<bool>,
    pub both_stores: Option<bool>,
}

fn bad(e: impl std::fmt::Display) -> ApiError {
    ApiError::bad_request("bad_rules", e.to_string())
}

impl RulesReq {
    /// The rules, and the preset name they started from.
    pub fn to_rules(&self) -> ApiResult<(Rules, Option<String>)> {
        let preset: Preset = match &self.preset {
            Some(p) => p.parse().map_err(bad)?,
            None => Preset::Standard,
        };
        let mut s = preset.setup();
        if let Some(h) = self.houses {
            s.houses = h.min(255) as u8;
        }
        if let Some(n) = self.seeds {
            s.seeds = n.min(255) as u8;
        }
        if let Some(c) = &self.capture {
            s.capture = c.parse::<CaptureRule>().map_err(bad)?;
        }
        if let Some(e) = &self.end {
            s.end = e.parse::<EndRule>().map_err(bad)?;
        }
        if let Some(w) = &self.sweep {
            s.sweep = w.parse::<SweepRule>().map_err(bad)?;
        }
        if let Some(v) = self.early_end {
            s.early_end = v;
        }
        if let Some(v) = self.pie {
            s.pie = v;
        }
        if let Some(v) = self.both_stores {
            s.both_stores = v;
        }
        let rules = Rules::new(s).map_err(bad)?;
        crate::limits::check_rules(rules)?;
        // Name the preset only when the overrides left its rules intact.
        let name = (rules.matching_preset() == Some(preset)).then(|| preset.name().to_string());
        Ok((rules, name))
    }
}
