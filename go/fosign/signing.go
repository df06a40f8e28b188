// Package fosign signs production requests of the Financial Operations API with HMAC-SHA256.
//
// Transport is an http.RoundTripper that signs every request it sends, including each retry, over the
// exact bytes on the wire. The functions below are the signing steps, each on its own, as the shared
// signing vectors check them.
package fosign

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"regexp"
	"strings"
	"time"
)

// Header and scheme names of production request signing.
const (
	AuthorizationHeader = "Authorization"
	DateHeader          = "X-SVC-Date"
	SigningScheme       = "Service-HMAC-SHA256"
)

// MinSecretKeyBytes is the fewest key bytes NewTransport takes (128 bits), as the TypeScript client: the
// reference gives no key length, and a shorter secret is a truncated copy or a placeholder, not an issued key.
const MinSecretKeyBytes = 16

// EmptyBodyHash is the SHA-256 of zero bytes: the body hash of a request without a body.
var EmptyBodyHash = HashBody(nil)

// InvalidCredentialsError is returned for credentials that cannot sign; its message never holds the secret.
type InvalidCredentialsError struct{ reason string }

func (e *InvalidCredentialsError) Error() string { return e.reason }

var (
	urlSafeBase64 = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)
	validAccess   = regexp.MustCompile(`^[^\s:]+$`)
)

// DecodeSecretKey decodes the secret key (URL-safe Base64 without padding, as issued) into the HMAC key.
func DecodeSecretKey(secretKey string) ([]byte, error) {
	n := len(secretKey)
	var problem string
	var key []byte
	switch {
	case n == 0:
		problem = "is empty"
	// The decoder alone skips line breaks: the alphabet is checked first.
	case !urlSafeBase64.MatchString(secretKey):
		problem = "is not URL-safe Base64 (only A-Z a-z 0-9 - _, no padding)"
	case n%4 == 1:
		problem = "is truncated (no Base64 text has that length)"
	default:
		var err error
		// Strict: bits after the last whole byte must be zero, or two texts would give one key.
		if key, err = base64.RawURLEncoding.Strict().DecodeString(secretKey); err != nil {
			problem = "has stray bits in its last character"
		}
	}
	if problem != "" {
		return nil, &InvalidCredentialsError{fmt.Sprintf("fosign: the secret key (%d characters) %s: copy it exactly as issued in API Settings", n, problem)}
	}
	return key, nil
}

// CheckAccessKey refuses an access key that cannot stand in the Authorization header.
func CheckAccessKey(accessKey string) error {
	if !validAccess.MatchString(accessKey) {
		return &InvalidCredentialsError{"fosign: the access key is empty or has white space or ':' (not allowed in the Authorization header)"}
	}
	return nil
}

// FormatTimestamp gives the signing timestamp: UTC as YYYYMMDDTHHMMSSZ, fractions dropped, never rounded.
func FormatTimestamp(t time.Time) string {
	return t.UTC().Format("20060102T150405Z")
}

// HashBody is the lower-case hex SHA-256 of the exact body bytes; no body hashes as zero bytes.
func HashBody(body []byte) string {
	sum := sha256.Sum256(body)
	return hex.EncodeToString(sum[:])
}

// StringToSign joins the five fields with single newlines, no newline at the end.
func StringToSign(accessKey, timestamp, method, path, bodyHash string) string {
	return strings.Join([]string{accessKey, timestamp, strings.ToUpper(method), path, bodyHash}, "\n")
}

// Signature holds every intermediate of one signature.
type Signature struct {
	Timestamp    string
	BodyHash     string
	StringToSign string
	Signature    string
}

// Headers are the Authorization and X-SVC-Date values to send.
func (s Signature) Headers(accessKey string) map[string]string {
	return map[string]string{
		AuthorizationHeader: fmt.Sprintf("%s %s:%s:%s", SigningScheme, accessKey, s.Timestamp, s.Signature),
		DateHeader:          s.Timestamp,
	}
}

// Sign signs one request; key is the decoded secret, path is as sent without the query, body the exact bytes.
func Sign(accessKey string, key []byte, method, path string, body []byte, t time.Time) Signature {
	timestamp := FormatTimestamp(t)
	bodyHash := HashBody(body)
	text := StringToSign(accessKey, timestamp, method, path, bodyHash)
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(text))
	return Signature{timestamp, bodyHash, text, hex.EncodeToString(mac.Sum(nil))}
}
