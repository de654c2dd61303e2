//! Who a request comes from: the client's address, and counts per address.

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use std::collections::HashMap;
use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};

/// The client's address, when the connection layer gave one (in-process tests have none).
#[derive(Debug, Clone, Copy)]
pub struct ClientIp(pub Option<IpAddr>);

impl<S: Send + Sync> FromRequestParts<S> for ClientIp {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(ClientIp(
            parts
                .extensions
                .get::<ConnectInfo<SocketAddr>>()
                .map(|c| c.0.ip()),
        ))
    }
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
