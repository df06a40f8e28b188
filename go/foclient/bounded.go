package foclient

import (
	"fmt"
	"io"
	"net/http"
)

// ResponseTooLargeError is returned when a response body is larger than the client's bound.
type ResponseTooLargeError struct{ Limit int64 }

func (e *ResponseTooLargeError) Error() string {
	return fmt.Sprintf("foclient: the response body is larger than the client's bound of %d bytes; reading stopped there", e.Limit)
}

// bounded refuses a response whose declared length is over the limit, and stops reading any body at it.
type bounded struct {
	next  http.RoundTripper
	limit int64
}

func (b *bounded) RoundTrip(req *http.Request) (*http.Response, error) {
	res, err := b.next.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	if res.ContentLength > b.limit {
		res.Body.Close()
		return nil, &ResponseTooLargeError{b.limit}
	}
	res.Body = &limitedBody{body: res.Body, left: b.limit, limit: b.limit}
	return res, nil
}

type limitedBody struct {
	body        io.ReadCloser
	left, limit int64
}

func (l *limitedBody) Read(p []byte) (int, error) {
	if l.left < 0 {
		return 0, &ResponseTooLargeError{l.limit}
	}
	if int64(len(p)) > l.left+1 {
		p = p[:l.left+1]
	}
	n, err := l.body.Read(p)
	l.left -= int64(n)
	if l.left < 0 {
		return 0, &ResponseTooLargeError{l.limit}
	}
	return n, err
}

func (l *limitedBody) Close() error { return l.body.Close() }
