#include "tui/shell/saved_list_keys.h"

namespace rt::shell {

Nav saved_list_key(const Key& key, int count, int first, int& selected, bool unicode,
                   const SavedListActions& actions) {
  if (key.type == KeyType::Click) {
    const int row = (key.y - 2) / 3;
    if (key.y >= 2 && first + row < count) return actions.open(first + row);
    return Nav::stay();
  }
  const Cmd cmd = command(Context::Menu, key);
  if (count == 0 && cmd != Cmd::Back && cmd != Cmd::Help) return Nav::stay();
  switch (cmd) {
    case Cmd::Up: selected = (selected + count - 1) % count; break;
    case Cmd::Down: selected = (selected + 1) % count; break;
    case Cmd::Home: selected = 0; break;
    case Cmd::End: selected = count - 1; break;
    case Cmd::Select: return actions.open(selected);
    case Cmd::Delete: return actions.ask_delete(selected);
    case Cmd::Help: return Nav::push(make_reader_screen("Keys", keys_document(unicode), U'?'));
    case Cmd::Back: return Nav::pop();
    default: break;
  }
  return Nav::stay();
}

}  // namespace rt::shell
