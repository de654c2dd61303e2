//! The seek list as sent: each message that carries seeks (`hello`, `seeks`,
//! `seeks_changed`) is serialised once and shared by every socket, whatever it watches. A
//! seek says `"mine": true` only to its owner's sockets, so a shared text keeps where each
//! owner's seeks say `"mine":false`: an owner's socket gets a copy with those five bytes
//! written as `true ` (JSON allows the space), every other socket the shared text itself,
//! cloned by reference count. The snapshot of the whole list is kept until the list
//! changes, so sockets opening or falling behind in between cost no serialising.
//!
//! A long list goes out in parts of at most [`PART`] seeks: the first as the message itself
//! (`seeks`, `hello`, or a `seeks_changed` with the removals), the rest as `seeks_changed`
//! messages adding the next seeks. A client applies them in order and ends with the whole
//! list; the server never writes a message of more than a part's size, so a socket's write
//! buffer (tungstenite keeps it at the size of the largest message it wrote) stays small
//! whatever the list holds.

use super::core::{Batch, Seek, Shared, Text};
use super::out::You;
use serde::Serialize;
use std::collections::HashMap;

/// Most seeks in one message (about 8 KB).
pub const PART: usize = 64;

/// A seek as the list shows it (docs/api.md, "Terms"), `mine` last so that its place is
/// known from the end of what was written.
#[derive(Serialize)]
struct Shown<'a> {
    id: u64,
    rules: &'static str,
    time_control: String,
    rated: bool,
    name: &'a str,
    account: bool,
    rating: Option<f64>,
    mine: bool,
}

/// Writes `seeks` as a JSON array onto `out`, noting where each owner's `mine` is.
fn write_list<'a>(
    out: &mut Vec<u8>,
    seeks: impl Iterator<Item = &'a Seek>,
    mine: &mut HashMap<String, Vec<usize>>,
) {
    out.push(b'[');
    for (i, s) in seeks.enumerate() {
        if i > 0 {
            out.push(b',');
        }
        let shown = Shown {
            id: s.id,
            rules: s.spec.variant.name(),
            time_control: s.spec.time_control.to_string(),
            rated: s.spec.rated,
            name: &s.owner.player.name,
            account: s.owner.player.account,
            rating: s.rating.map(f64::round),
            mine: false,
        };
        serde_json::to_writer(&mut *out, &shown).expect("a seek serialises");
        // The text ends with `false}`.
        mine.entry(s.owner.player.id.clone())
            .or_default()
            .push(out.len() - 6);
    }
    out.push(b']');
}

fn text(bytes: Vec<u8>) -> Text {
    Text::from(String::from_utf8(bytes).expect("serde_json writes UTF-8"))
}

/// `bytes` with the `false` at each of `places` written `true `.
fn patch(bytes: &mut [u8], places: &[usize]) {
    for &p in places {
        debug_assert_eq!(&bytes[p..p + 5], b"false");
        bytes[p..p + 5].copy_from_slice(b"true ");
    }
}

impl Shared {
    /// `{"type":"seeks_changed","added":[...],"removed":[...]}`.
    fn changed<'a>(added: impl Iterator<Item = &'a Seek>, removed: &[u64]) -> Shared {
        let mut out = br#"{"type":"seeks_changed","added":"#.to_vec();
        let mut mine = HashMap::new();
        write_list(&mut out, added, &mut mine);
        out.extend_from_slice(br#","removed":"#);
        serde_json::to_writer(&mut out, removed).expect("ids serialise");
        out.push(b'}');
        Shared {
            text: text(out),
            mine,
        }
    }

    /// `{"type":"seeks","seeks":[...]}`.
    fn seeks<'a>(seeks: impl Iterator<Item = &'a Seek>) -> Shared {
        let mut out = br#"{"type":"seeks","seeks":"#.to_vec();
        let mut mine = HashMap::new();
        write_list(&mut out, seeks, &mut mine);
        out.push(b'}');
        Shared {
            text: text(out),
            mine,
        }
    }

    /// The message for a socket of `player`: the shared text, or a copy with their own
    /// seeks marked.
    fn text_for(&self, player: &str) -> Text {
        match self.mine.get(player) {
            None => self.text.clone(),
            Some(places) => {
                let mut bytes = self.text.as_str().as_bytes().to_vec();
                patch(&mut bytes, places);
                text(bytes)
            }
        }
    }
}

/// The later parts: `seeks_changed` messages adding the seeks after the first part.
fn rest<'a>(seeks: &'a [&'a Seek]) -> impl Iterator<Item = Shared> + 'a {
    seeks
        .chunks(PART)
        .skip(1)
        .map(|c| Shared::changed(c.iter().copied(), &[]))
}

impl Batch {
    /// The changes of a feed interval: `seeks_changed`.
    pub(super) fn changed(added: &[&Seek], removed: &[u64]) -> Batch {
        let first = &added[..added.len().min(PART)];
        let mut parts = vec![Shared::changed(first.iter().copied(), removed)];
        parts.extend(rest(added));
        Batch { parts }
    }

    /// The whole list: `seeks`.
    pub(super) fn whole(seeks: &[&Seek]) -> Batch {
        let first = &seeks[..seeks.len().min(PART)];
        let mut parts = vec![Shared::seeks(first.iter().copied())];
        parts.extend(rest(seeks));
        Batch { parts }
    }

    /// The messages for a socket of `player`: the shared texts, or copies of those with
    /// their own seeks, marked.
    pub fn texts_for<'a>(&'a self, player: &'a str) -> impl Iterator<Item = Text> + 'a {
        self.parts.iter().map(move |p| p.text_for(player))
    }

    /// The hello for a socket of `player` (`self` being the whole list): the first part's
    /// seeks copied between the socket's own parts, then the other parts.
    pub(super) fn hello(
        &self,
        player: &str,
        you: &You,
        challenges: &[serde_json::Value],
    ) -> Vec<Text> {
        // The array inside `{"type":"seeks","seeks":[...]}`.
        const HEAD: usize = r#"{"type":"seeks","seeks":"#.len();
        let first = &self.parts[0];
        let whole = first.text.as_str().as_bytes();
        let list = &whole[HEAD..whole.len() - 1];
        let mut out = Vec::with_capacity(list.len() + 256);
        out.extend_from_slice(br#"{"type":"hello","you":"#);
        serde_json::to_writer(&mut out, you).expect("you serialises");
        out.extend_from_slice(br#","seeks":"#);
        let at = out.len();
        out.extend_from_slice(list);
        if let Some(places) = first.mine.get(player) {
            let moved: Vec<usize> = places.iter().map(|p| p - HEAD + at).collect();
            patch(&mut out, &moved);
        }
        out.extend_from_slice(br#","challenges":"#);
        serde_json::to_writer(&mut out, challenges).expect("challenges serialise");
        out.push(b'}');
        let mut texts = vec![text(out)];
        texts.extend(self.parts[1..].iter().map(|p| p.text_for(player)));
        texts
    }
}

#[cfg(test)]
mod tests {
    use super::super::out::Out;
    use super::super::testing::seek;
    use super::*;
    use serde_json::{json, Value};

    fn parse(t: &Text) -> Value {
        serde_json::from_str(t.as_str()).unwrap()
    }

    fn all(b: &Batch, player: &str) -> Vec<Value> {
        b.texts_for(player).map(|t| parse(&t)).collect()
    }

    #[test]
    fn the_shared_texts_are_the_messages_of_the_api_with_mine_for_owners() {
        let mut a = seek(1, "ann");
        a.rating = Some(1512.4);
        let list = [a, seek(2, "bob"), seek(3, "ann")];
        let refs: Vec<&Seek> = list.iter().collect();
        let whole = Batch::whole(&refs);
        let as_json = |mine: &str| -> Vec<Value> {
            list.iter()
                .map(|s| s.json(s.owner.player.id == mine))
                .collect()
        };
        for who in ["id-ann", "id-bob", "id-cy"] {
            assert_eq!(
                all(&whole, who),
                [serde_json::to_value(Out::Seeks {
                    seeks: as_json(who)
                })
                .unwrap()],
                "{who}"
            );
        }
        assert_eq!(all(&whole, "id-ann")[0]["seeks"][0]["rating"], 1512.0);
        // Sockets that own no seek share one text.
        let x = whole.texts_for("id-cy").next().unwrap();
        let y = whole.texts_for("id-dan").next().unwrap();
        assert_eq!(x.as_str().as_ptr(), y.as_str().as_ptr());

        let changed = Batch::changed(&refs[1..], &[7, 8]);
        assert_eq!(
            all(&changed, "id-bob"),
            [serde_json::to_value(Out::SeeksChanged {
                added: vec![list[1].json(true), list[2].json(false)],
                removed: vec![7, 8]
            })
            .unwrap()]
        );
        let you = You {
            name: "ann".into(),
            account: false,
        };
        let challenges = vec![json!({"id": 9})];
        let hello: Vec<Value> = whole
            .hello("id-ann", &you, &challenges)
            .iter()
            .map(parse)
            .collect();
        assert_eq!(
            hello,
            [serde_json::to_value(Out::Hello {
                you: you.clone(),
                seeks: as_json("id-ann"),
                challenges: challenges.clone(),
            })
            .unwrap()]
        );
        let empty = Batch::whole(&[]);
        assert_eq!(
            parse(&empty.hello("id-ann", &you, &[])[0]),
            json!({"type": "hello", "you": {"name": "ann", "account": false}, "seeks": [], "challenges": []})
        );
        assert_eq!(
            all(&empty, "id-ann"),
            [json!({"type": "seeks", "seeks": []})]
        );
    }

    /// A long list goes out in parts that add up to it, in order, none longer than a part.
    #[test]
    fn a_long_list_goes_out_in_parts() {
        let list: Vec<Seek> = (1..=2 * PART as u64 + 5)
            .map(|i| seek(i, if i == 70 { "ann" } else { "bob" }))
            .collect();
        let refs: Vec<&Seek> = list.iter().collect();
        let ids = |v: &Value| -> Vec<u64> {
            v.as_array()
                .unwrap()
                .iter()
                .map(|s| s["id"].as_u64().unwrap())
                .collect()
        };
        let check = |msgs: Vec<Value>, key: &str| {
            assert_eq!(msgs.len(), 3);
            let mut got = ids(&msgs[0][key]);
            for m in &msgs[1..] {
                assert_eq!(m["type"], "seeks_changed");
                assert_eq!(m["removed"], json!([]));
                got.extend(ids(&m["added"]));
            }
            assert!(msgs.iter().all(|m| m.to_string().len() < 12 * 1024));
            assert_eq!(got, (1..=2 * PART as u64 + 5).collect::<Vec<_>>());
            let mine: Vec<u64> = msgs
                .iter()
                .flat_map(|m| {
                    let l = if m[key].is_array() {
                        &m[key]
                    } else {
                        &m["added"]
                    };
                    l.as_array().unwrap().clone()
                })
                .filter(|s| s["mine"] == true)
                .map(|s| s["id"].as_u64().unwrap())
                .collect();
            assert_eq!(mine, [70]);
        };
        check(all(&Batch::whole(&refs), "id-ann"), "seeks");
        let you = You {
            name: "ann".into(),
            account: false,
        };
        let hello = Batch::whole(&refs).hello("id-ann", &you, &[]);
        check(hello.iter().map(parse).collect(), "seeks");
        let changed = all(&Batch::changed(&refs, &[3]), "id-ann");
        assert_eq!(changed[0]["removed"], json!([3]));
        check(
            changed
                .into_iter()
                .map(|mut m| {
                    m["removed"] = json!([]);
                    m
                })
                .collect(),
            "added",
        );
    }
}
