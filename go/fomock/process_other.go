//go:build !unix

package fomock

import "errors"

func run(launch, func(func())) (string, int, error) {
	return "", 0, errors.New("the mock runs in a process group of its own, which needs a POSIX system")
}
