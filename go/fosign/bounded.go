package fosign

import (
	"fmt"
	"io"
	"net/http"
)

// DefaultMaxResponseBytes bounds a response body when no other bound is set. The reference documents no
// response of this API as large: 16 MiB is far above any JSON body it sends.
const DefaultMaxResponseBytes = 16 << 20

// ResponseTooLargeError is returned when a response body is larger than the bound: by RoundTrip when the
// declared Content-Length is over it (nothing of the body read), by the body's Read when a body without
// one reaches it (nothing past the bound read).
type ResponseTooLargeError struct {
	Limit int64
	// Declared is the Content-Length the response declared, or 0 when it declared none.
	Declared int64
}

func (e *ResponseTooLargeError) Error() string {
	if e.Declared > 0 {
		return fmt.Sprintf("fosign: the response of %d bytes is larger than the client's bound of %d bytes; it was not read", e.Declared, e.Limit)
	}
	return fmt.Sprintf("fosign: the response body is larger than the client's bound of %d bytes; reading stopped there", e.Limit)
}

// BoundResponses wraps next so that each response it gives is bounded at limit bytes (limit < 1 means
// DefaultMaxResponseBytes): a declared length over it is refused before reading, any other body stops being
// read at it with a *ResponseTooLargeError. Transport and BearerTransport bound their responses this way.
func BoundResponses(next http.RoundTripper, limit int64) http.RoundTripper {
	return &bounded{next: next, limit: limit}
}

type bounded struct {
	next  http.RoundTripper
	limit int64
}

func (b *bounded) RoundTrip(req *http.Request) (*http.Response, error) {
	return bound(b.limit)(b.next.RoundTrip(req))
}

// bound returns a function that bounds what a RoundTrip gave.
func bound(limit int64) func(*http.Response, error) (*http.Response, error) {
	return func(res *http.Response, err error) (*http.Response, error) {
		if err != nil {
			return nil, err
		}
		if limit < 1 {
			limit = DefaultMaxResponseBytes
		}
		if res.ContentLength > limit {
			res.Body.Close()
			return nil, &ResponseTooLargeError{Limit: limit, Declared: res.ContentLength}
		}
		res.Body = &limitedBody{body: res.Body, left: limit, limit: limit}
		return res, nil
	}
}

// limitedBody reads at most one byte past the bound, enough to tell a body over it from one that fills it.
type limitedBody struct {
	body        io.ReadCloser
	left, limit int64
}

func (l *limitedBody) Read(p []byte) (int, error) {
	if l.left < 0 {
		return 0, &ResponseTooLargeError{Limit: l.limit}
	}
	if int64(len(p)) > l.left+1 {
		p = p[:l.left+1]
	}
	n, err := l.body.Read(p)
	l.left -= int64(n)
	if l.left < 0 {
		return 0, &ResponseTooLargeError{Limit: l.limit}
	}
	return n, err
}

func (l *limitedBody) Close() error { return l.body.Close() }
