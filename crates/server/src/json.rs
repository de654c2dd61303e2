//! A JSON body extractor whose rejections are [`ApiError`]s (clear 4xx JSON, never a crash).

use crate::error::ApiError;
use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use serde::de::DeserializeOwned;

/// Like `axum::Json`, answering bad bodies with 400, oversized ones with 413 and a missing
/// content type with 415, all as JSON errors.
pub struct ApiJson<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        match axum::Json::<T>::from_request(req, state).await {
            Ok(axum::Json(v)) => Ok(ApiJson(v)),
            Err(e) => Err(rejection(e)),
        }
    }
}

fn rejection(e: JsonRejection) -> ApiError {
    match e {
        JsonRejection::JsonDataError(e) => ApiError::bad_request(
            "bad_json",
            format!("the JSON body does not fit: {}", e.body_text()),
        ),
        JsonRejection::JsonSyntaxError(e) => ApiError::bad_request(
            "bad_json",
            format!("the body is not valid JSON: {}", e.body_text()),
        ),
        JsonRejection::MissingJsonContentType(_) => ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "content_type",
            "send the body as JSON with the header Content-Type: application/json",
        ),
        JsonRejection::BytesRejection(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                "too_large",
                format!("the body is larger than {} bytes", crate::BODY_LIMIT),
            )
        }
        other => ApiError::new(other.status(), "bad_body", other.body_text()),
    }
}
