//! hyper answers a request head longer than its buffer (`max_buf_size`, 64 KiB) with a bare
//! 431 and no body, written before the server sees the request. This wrapper of a
//! connection's stream swaps that one answer for the API's JSON error, so a too-long address
//! is explained like every other refusal. hyper closes the connection after it, so whatever
//! it writes later is dropped.

use std::io;
use std::pin::Pin;
use std::sync::LazyLock;
use std::task::{Context, Poll};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// How hyper's own answer begins.
const HYPER_431: &[u8] = b"HTTP/1.1 431 ";

/// The answer sent instead.
static ANSWER: LazyLock<Vec<u8>> = LazyLock::new(|| {
    let body = serde_json::json!({
        "error": "the request's address and headers are longer than 64 KiB; use a shorter address (docs/api.md lists them)",
        "code": "head_too_large",
    })
    .to_string();
    format!(
        "HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
});

/// A connection's stream whose 431 answer is the JSON error.
pub(crate) struct Explained<T> {
    inner: T,
    /// Bytes of `ANSWER` written so far, once hyper's 431 began.
    answering: Option<usize>,
}

impl<T> Explained<T> {
    pub(crate) fn new(inner: T) -> Explained<T> {
        Explained {
            inner,
            answering: None,
        }
    }
}

impl<T: AsyncWrite + Unpin> Explained<T> {
    /// Writes the rest of `ANSWER`; ready with `len` (what hyper asked to write) once it is
    /// all out, then swallows anything else.
    fn answer(&mut self, cx: &mut Context<'_>, len: usize) -> Poll<io::Result<usize>> {
        let mut done = self.answering.unwrap_or(0);
        while done < ANSWER.len() {
            match Pin::new(&mut self.inner).poll_write(cx, &ANSWER[done..]) {
                Poll::Ready(Ok(0)) => return Poll::Ready(Err(io::ErrorKind::WriteZero.into())),
                Poll::Ready(Ok(n)) => {
                    done += n;
                    self.answering = Some(done);
                }
                other => return other,
            }
        }
        Poll::Ready(Ok(len))
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for Explained<T> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for Explained<T> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        if self.answering.is_some() || buf.starts_with(HYPER_431) {
            self.answering.get_or_insert(0);
            return self.answer(cx, buf.len());
        }
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let first = bufs.iter().find(|b| !b.is_empty());
        if self.answering.is_some() || first.is_some_and(|b| b.starts_with(HYPER_431)) {
            self.answering.get_or_insert(0);
            let len = bufs.iter().map(|b| b.len()).sum();
            return self.answer(cx, len);
        }
        Pin::new(&mut self.inner).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    async fn through(writes: &[&[u8]]) -> String {
        let (a, mut b) = tokio::io::duplex(1 << 16);
        let mut w = Explained::new(a);
        for bytes in writes {
            w.write_all(bytes).await.unwrap();
        }
        drop(w);
        let mut out = String::new();
        b.read_to_string(&mut out).await.unwrap();
        out
    }

    #[tokio::test]
    async fn other_answers_pass_unchanged() {
        let r = b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok";
        assert_eq!(through(&[r]).await.as_bytes(), r);
    }

    #[tokio::test]
    async fn hypers_bare_431_becomes_the_json_error_and_nothing_follows() {
        let out = through(&[
            b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\n\r\n",
            b"anything later",
        ])
        .await;
        let (head, body) = out.split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with("HTTP/1.1 431 "), "{head}");
        assert!(head.contains("content-type: application/json"), "{head}");
        assert!(
            head.contains(&format!("content-length: {}", body.len())),
            "{head}"
        );
        let v: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!(v["code"], "head_too_large");
        assert!(v["error"].as_str().unwrap().contains("64 KiB"));
    }
}
