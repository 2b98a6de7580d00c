#include "client/host_page_spec.h"

namespace rt::client {

net::TableSpec host_page_spec(const setup::TableRequest& request, const shell::HostChoices& choices) {
  net::TableSpec spec;
  spec.request = request;
  spec.request.players = std::ssize(request.seats);
  spec.name = choices.name;
  switch (choices.access) {
    case shell::TableAccess::Open: spec.admission = net::Admission::Anyone; break;
    case shell::TableAccess::Code: spec.admission = net::Admission::Code; break;
    case shell::TableAccess::Invited:
      spec.admission = net::Admission::Named;
      spec.invited = choices.invited;
      break;
  }
  spec.group = choices.group;
  spec.watchers = choices.watchers;
  // Talk from watchers there are none of is no choice.
  spec.watchers_talk = choices.watchers && choices.watchers_talk;
  spec.move_time_s = choices.move_time_s;
  spec.game_time_min = choices.game_time_min;
  spec.hints = choices.hints;
  return spec;
}

}  // namespace rt::client
