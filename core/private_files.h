// Files a player keeps in their own state directory (history.jsonl, a shared
// table's finished game): written only through a directory that is the
// user's own and nobody else may write in, never through a link, never over
// a file that is there.
#pragma once

#include <string>

namespace rt {

// `dir` opened (O_DIRECTORY|O_NOFOLLOW) when it is the user's own and nobody
// else may write in it, so nobody else can plant or swap a file there; else
// -1 and `why` (one line).
int open_private_dir(const std::string& dir, std::string& why);

// Writes `content` to a new 0600 file in `dir` named STEM.EXT (STEM-2.EXT,
// STEM-3.EXT... when that is taken), made O_CREAT|O_EXCL|O_NOFOLLOW through
// the checked directory and synced. Returns its path; throws UserError
// ("PATH: why") and leaves nothing behind when it fails.
std::string write_new_file(const std::string& dir, const std::string& stem, const std::string& ext,
                           const std::string& content);

}  // namespace rt
