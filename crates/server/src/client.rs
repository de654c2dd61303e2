//! Who a request comes from: the client's address, and counts per address.

use axum::extract::{ConnectInfo, FromRef, FromRequestParts};
use axum::http::request::Parts;
use std::collections::HashMap;
use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};

/// The client's address, when the connection layer gave one (in-process tests have none).
#[derive(Debug, Clone, Copy)]
pub struct ClientIp(pub Option<IpAddr>);

/// Reverse proxies whose `X-Forwarded-For` names the client (`--trusted-proxy`).
#[derive(Debug, Clone, Default)]
pub struct TrustedProxies(pub Arc<[IpAddr]>);

impl<S: Send + Sync> FromRequestParts<S> for ClientIp
where
    TrustedProxies: FromRef<S>,
{
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let trusted = TrustedProxies::from_ref(state);
        Ok(ClientIp(client_ip(parts, &trusted.0)))
    }
}

/// The peer's address; behind a trusted proxy, the last address of `X-Forwarded-For` that is
/// not a trusted proxy (the ones before it could be written by the client).
pub fn client_ip(parts: &Parts, trusted: &[IpAddr]) -> Option<IpAddr> {
    let peer = parts.extensions.get::<ConnectInfo<SocketAddr>>()?.0.ip();
    if !trusted.contains(&peer) {
        return Some(peer);
    }
    let forwarded = parts
        .headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .collect::<Vec<_>>();
    for hop in forwarded.iter().rev() {
        match hop.parse::<IpAddr>() {
            Ok(ip) if trusted.contains(&ip) => continue,
            Ok(ip) => return Some(ip),
            // A hop we cannot read: stop at the proxy we know.
            Err(_) => return Some(peer),
        }
    }
    Some(peer)
}

/// Open connections (or sockets) per client address; an entry leaves the map with its last
/// connection.
#[derive(Default)]
pub struct AddressCounts(Mutex<HashMap<IpAddr, usize>>);

/// One connection's place in [`AddressCounts`], given back on drop.
pub struct AddressSlot {
    map: Arc<AddressCounts>,
    ip: IpAddr,
}

impl AddressCounts {
    /// How many `ip` holds.
    pub fn count(&self, ip: IpAddr) -> usize {
        self.0
            .lock()
            .expect("address map")
            .get(&ip)
            .copied()
            .unwrap_or(0)
    }

    /// A place for one more from `ip`, unless it has `max` already.
    pub fn take(map: &Arc<AddressCounts>, ip: IpAddr, max: usize) -> Option<AddressSlot> {
        let mut m = map.0.lock().expect("address map");
        let n = m.entry(ip).or_insert(0);
        if *n >= max {
            return None;
        }
        *n += 1;
        Some(AddressSlot {
            map: Arc::clone(map),
            ip,
        })
    }
}

impl Drop for AddressSlot {
    fn drop(&mut self) {
        let mut m = self.map.0.lock().expect("address map");
        if let Some(n) = m.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                m.remove(&self.ip);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(peer: &str, forwarded: Option<&str>) -> Parts {
        let mut req = axum::http::Request::builder().uri("/");
        if let Some(f) = forwarded {
            req = req.header("x-forwarded-for", f);
        }
        let (mut parts, ()) = req.body(()).unwrap().into_parts();
        let addr: SocketAddr = format!("{peer}:5000").parse().unwrap();
        parts.extensions.insert(ConnectInfo(addr));
        parts
    }

    #[test]
    fn forwarded_addresses_count_only_from_trusted_proxies() {
        let proxy: IpAddr = "10.0.0.9".parse().unwrap();
        let ip = |s: &str| Some(s.parse::<IpAddr>().unwrap());
        // Not through a trusted proxy: the header is the client's to write, and ignored.
        assert_eq!(
            client_ip(&parts("1.2.3.4", Some("9.9.9.9")), &[proxy]),
            ip("1.2.3.4")
        );
        // Through the proxy: the last address it added.
        assert_eq!(
            client_ip(&parts("10.0.0.9", Some("6.6.6.6, 5.5.5.5")), &[proxy]),
            ip("5.5.5.5")
        );
        assert_eq!(
            client_ip(&parts("10.0.0.9", Some("5.5.5.5, 10.0.0.9")), &[proxy]),
            ip("5.5.5.5")
        );
        assert_eq!(
            client_ip(&parts("10.0.0.9", None), &[proxy]),
            ip("10.0.0.9")
        );
        assert_eq!(
            client_ip(&parts("10.0.0.9", Some("junk")), &[proxy]),
            ip("10.0.0.9")
        );
    }

    #[test]
    fn address_slots_are_counted_and_given_back() {
        let map = Arc::new(AddressCounts::default());
        let ip: IpAddr = "127.0.0.2".parse().unwrap();
        let a = AddressCounts::take(&map, ip, 2).unwrap();
        let _b = AddressCounts::take(&map, ip, 2).unwrap();
        assert!(AddressCounts::take(&map, ip, 2).is_none());
        assert!(AddressCounts::take(&map, "127.0.0.3".parse().unwrap(), 2).is_some());
        drop(a);
        assert!(AddressCounts::take(&map, ip, 2).is_some());
    }
}
