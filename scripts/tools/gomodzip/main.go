// Command gomodzip writes a module's zip by Go's own rules (golang.org/x/mod/zip: what a module proxy serves for a
// tagged tree, _test.go files, testdata and examples included; nested modules and vendor/ left out) and prints, as
// JSON, the zip's h1: hash (the one go.sum records) and the h1: hash of every file of the source folder (equal when the
// zip holds the whole tree).
//
// Usage: go run . MODULE-PATH VERSION SOURCE-DIR ZIP-FILE
package main

import (
	"encoding/json"
	"fmt"
	"os"

	"golang.org/x/mod/module"
	"golang.org/x/mod/sumdb/dirhash"
	"golang.org/x/mod/zip"
)

func main() {
	if len(os.Args) != 5 {
		fmt.Fprintln(os.Stderr, "usage: gomodzip MODULE-PATH VERSION SOURCE-DIR ZIP-FILE")
		os.Exit(2)
	}
	if err := write(module.Version{Path: os.Args[1], Version: os.Args[2]}, os.Args[3], os.Args[4]); err != nil {
		fmt.Fprintln(os.Stderr, "gomodzip:", err)
		os.Exit(1)
	}
}

func write(m module.Version, dir, file string) error {
	out, err := os.Create(file)
	if err != nil {
		return err
	}
	if err := zip.CreateFromDir(out, m, dir); err != nil {
		out.Close()
		return err
	}
	if err := out.Close(); err != nil {
		return err
	}
	zipSum, err := dirhash.HashZip(file, dirhash.Hash1)
	if err != nil {
		return err
	}
	treeSum, err := dirhash.HashDir(dir, m.Path+"@"+m.Version, dirhash.Hash1)
	if err != nil {
		return err
	}
	return json.NewEncoder(os.Stdout).Encode(map[string]string{"zip": zipSum, "tree": treeSum})
}
