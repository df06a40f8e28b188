package fomock

import "errors"

// splitWords splits s into words as a POSIX shell does, and does nothing else: blanks separate words, '...' is
// literal, "..." keeps its text with \ escaping only $ ` " \ and a newline, and \ outside quotes escapes the next
// character. No variable, tilde or glob expansion, no operators.
//
// A splitter, not `/bin/sh -c "exec $FO_MOCK_COMMAND"`: a value as people write one gives the same words as Python's
// shlex.split (start_mock in the Python package), no shell has to be there, and the process started is the command itself,
// leader of the group that is stopped.
func splitWords(s string) ([]string, error) {
	var words []string
	var word []rune
	inWord := false
	runes := []rune(s)
	for i := 0; i < len(runes); i++ {
		c := runes[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			if inWord {
				words, word, inWord = append(words, string(word)), nil, false
			}
		case c == '\\':
			if i+1 == len(runes) {
				return nil, errors.New("it ends in a backslash")
			}
			i++
			if runes[i] != '\n' {
				word, inWord = append(word, runes[i]), true
			}
		case c == '\'':
			end := i + 1
			for end < len(runes) && runes[end] != '\'' {
				end++
			}
			if end == len(runes) {
				return nil, errors.New("a single quote is not closed")
			}
			word, inWord = append(word, runes[i+1:end]...), true
			i = end
		case c == '"':
			inWord = true
			closed := false
			for i++; i < len(runes); i++ {
				if runes[i] == '"' {
					closed = true
					break
				}
				if runes[i] == '\\' && i+1 < len(runes) && isDoubleQuoteEscape(runes[i+1]) {
					i++
					if runes[i] == '\n' {
						continue
					}
				}
				word = append(word, runes[i])
			}
			if !closed {
				return nil, errors.New("a double quote is not closed")
			}
		default:
			word, inWord = append(word, c), true
		}
	}
	if inWord {
		words = append(words, string(word))
	}
	return words, nil
}

func isDoubleQuoteEscape(c rune) bool {
	return c == '$' || c == '`' || c == '"' || c == '\\' || c == '\n'
}
