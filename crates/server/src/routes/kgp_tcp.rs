//! KGP over TCP: a listener's connections, each a session with a reader and a writer.

use crate::budget::Kind;
use crate::kgp::link::{CloseOnDrop, Link, SEND_LIMIT};
use crate::kgp::session::{self, Chunk};
use crate::state::AppState;
use kalah_kgp::Command;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::mpsc;

/// Serves KGP on `listener` until `stop` completes; open connections are closed then.
pub async fn serve_tcp(
    listener: tokio::net::TcpListener,
    state: AppState,
    stop: impl std::future::Future<Output = ()> + Send + 'static,
) {
    let mut stop = std::pin::pin!(stop);
    let mut conns = tokio::task::JoinSet::new();
    loop {
        let (tcp, addr) = tokio::select! {
            a = listener.accept() => match a {
                Ok(a) => a,
                Err(e) => {
                    tracing::warn!("KGP: cannot accept a connection: {e}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = &mut stop => break,
        };
        // Finished connections' tasks are collected as new ones come.
        while conns.try_join_next().is_some() {}
        let _ = tcp.set_nodelay(true);
        let ip = addr.ip();
        let state = state.clone();
        conns.spawn(async move {
            if let Err(refused) = state.budgets().spend(Kind::Kgp, ip) {
                return refuse(tcp, &refused.message()).await;
            }
            let admitted = match state.bots().hub().admit(Some(ip)).await {
                Ok(a) => a,
                Err(why) => return refuse(tcp, why).await,
            };
            serve(state, tcp, &admitted, ip).await;
            drop(admitted);
        });
    }
    conns.shutdown().await;
}

/// Tells a refused client why, then closes.
async fn refuse(mut tcp: TcpStream, why: &str) {
    let text = format!(
        "{}{}",
        Command::new("error").text(why).to_line(),
        Command::new("goodbye").to_line()
    );
    let _ = tokio::time::timeout(Duration::from_secs(1), tcp.write_all(text.as_bytes())).await;
}

async fn serve(
    state: AppState,
    tcp: TcpStream,
    admitted: &crate::kgp::Admission,
    ip: std::net::IpAddr,
) {
    let (read, write) = tcp.into_split();
    let (link, rx) = Link::new();
    let link = Arc::new(link);
    admitted.attach(&link, Some(ip));
    // Reading and writing run in this one task: when it ends or is aborted, the socket
    // closes and the link is marked closed (its game is lost).
    let _close = CloseOnDrop(Arc::clone(&link));
    let source = futures_util::stream::unfold(read, |mut r| async move {
        let mut buf = vec![0u8; 4096];
        match r.read(&mut buf).await {
            Ok(0) | Err(_) => None,
            Ok(n) => {
                buf.truncate(n);
                Some((Chunk::Bytes(buf), r))
            }
        }
    });
    tokio::join!(
        session::run(state.bots().clone(), Arc::clone(&link), Box::pin(source)),
        write_lines(Arc::clone(&link), rx, write)
    );
}

/// Writes queued lines until the link closes, then what is still queued, then shuts down.
async fn write_lines(
    link: Arc<Link>,
    mut rx: mpsc::Receiver<String>,
    mut w: tokio::net::tcp::OwnedWriteHalf,
) {
    loop {
        let line = tokio::select! {
            l = rx.recv() => l,
            _ = link.closed() => break,
        };
        let Some(line) = line else { break };
        match tokio::time::timeout(SEND_LIMIT, w.write_all(line.as_bytes())).await {
            Ok(Ok(())) => {}
            _ => {
                link.close();
                return;
            }
        }
    }
    // Lines queued before the close (an error and `goodbye`) still go out.
    let flush = async {
        while let Ok(line) = rx.try_recv() {
            if w.write_all(line.as_bytes()).await.is_err() {
                return;
            }
        }
        let _ = w.shutdown().await;
    };
    let _ = tokio::time::timeout(Duration::from_secs(1), flush).await;
}
