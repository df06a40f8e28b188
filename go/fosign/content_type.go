package fosign

import "context"

type contentTypeKey struct{}

// WithContentType returns a context that makes Transport send the request with this Content-Type.
//
// For the document uploads, whose body the document allows in any media type (*/*), the client that
// OpenAPI Generator makes for Go picks the Content-Type itself (application/json for a file) and has no
// per-call header; the generated client hands its context to the request, so the Transport sets the
// document's own MIME type there. Content-Type is not part of the signature.
func WithContentType(ctx context.Context, mediaType string) context.Context {
	return context.WithValue(ctx, contentTypeKey{}, mediaType)
}

func contentTypeOf(ctx context.Context) (string, bool) {
	mediaType, ok := ctx.Value(contentTypeKey{}).(string)
	return mediaType, ok && mediaType != ""
}
