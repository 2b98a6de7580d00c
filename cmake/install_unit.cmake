# Part of `make install` and `make deb` (cmake/install.cmake): installs
# packaging/racetable-ssh.service with ExecStart naming the program where
# this install puts it (/usr/games/racetable in the package,
# /usr/local/games/racetable for `make install`).
file(READ "${RACETABLE_UNIT_SOURCE}" unit)
string(REPLACE "/usr/games/racetable" "${CMAKE_INSTALL_PREFIX}/${RACETABLE_UNIT_GAMESDIR}/racetable" unit "${unit}")
file(WRITE "${RACETABLE_UNIT_BUILT}" "${unit}")
file(INSTALL DESTINATION "${CMAKE_INSTALL_PREFIX}/lib/systemd/system" TYPE FILE FILES "${RACETABLE_UNIT_BUILT}")
