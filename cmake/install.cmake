# Install rules and the Debian package (docs/HOSTING.md).
#
#   make install [PREFIX=/usr/local] [DESTDIR=...]   cmake --install, stripped
#   make deb                                          build/racetable_VERSION_ARCH.deb
#
# Both install the same files: the program in games/ and a link in bin/ (game data is built in; --data
# still reads a copy), an SSH player's shell in libexec/racetable/, its man
# page, the bash completion, the docs, the SSH server's systemd unit and
# sysusers file, and the copyright and changelog Debian asks for. `make package-test` checks that.

include(GNUInstallDirs)

# Directories as Debian expects them, whatever the umask of whoever builds.
set(CMAKE_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ
                                                GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)

# Compressed as Debian policy asks (gzip -9, no name or time stamp inside, so
# the same bytes every build).
set(RACETABLE_PACKAGING_DIR ${CMAKE_BINARY_DIR}/packaging)
set(RACETABLE_INSTALL_FILES "")
foreach(pair "docs/racetable.6:racetable.6.gz" "packaging/changelog:changelog.gz")
  string(REPLACE ":" ";" pair ${pair})
  list(GET pair 0 source)
  list(GET pair 1 output)
  add_custom_command(
    OUTPUT ${RACETABLE_PACKAGING_DIR}/${output}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${RACETABLE_PACKAGING_DIR}
    COMMAND sh -c "gzip -9n < \"$1\" > \"$2\"" sh ${CMAKE_SOURCE_DIR}/${source} ${RACETABLE_PACKAGING_DIR}/${output}
    DEPENDS ${CMAKE_SOURCE_DIR}/${source}
    VERBATIM)
  list(APPEND RACETABLE_INSTALL_FILES ${RACETABLE_PACKAGING_DIR}/${output})
endforeach()
add_custom_target(racetable_install_files ALL DEPENDS ${RACETABLE_INSTALL_FILES})

# A game goes to /usr/games (Debian policy 11.11; lintian insists for Section:
# games); /usr/bin/racetable points there too, for a PATH without /usr/games
# (root's, `env -i`, some ssh commands).
set(RACETABLE_INSTALL_GAMESDIR games CACHE STRING "Where the program goes, under the prefix")
install(TARGETS racetable RUNTIME DESTINATION ${RACETABLE_INSTALL_GAMESDIR})
file(MAKE_DIRECTORY ${RACETABLE_PACKAGING_DIR})
file(CREATE_LINK ../${RACETABLE_INSTALL_GAMESDIR}/racetable ${RACETABLE_PACKAGING_DIR}/racetable SYMBOLIC)
install(FILES ${RACETABLE_PACKAGING_DIR}/racetable DESTINATION ${CMAKE_INSTALL_BINDIR})
# Debian's hardening that costs only a link: bind every symbol at start, so
# the relocation table can be read-only throughout (lintian: hardening-no-bindnow).
target_link_options(racetable PRIVATE -Wl,-z,now)
# An SSH player's shell (net/ssh_shell_exec.cpp): not a command of its own, so
# under libexec, where the server looks for it from PREFIX/games (or bin).
install(TARGETS racetable-shell RUNTIME DESTINATION ${CMAKE_INSTALL_LIBEXECDIR}/racetable)
target_link_options(racetable-shell PRIVATE -Wl,-z,now)
install(FILES ${RACETABLE_PACKAGING_DIR}/racetable.6.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man6)
install(FILES packaging/racetable.bash DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
        RENAME racetable)
file(GLOB RACETABLE_DOCS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/docs/*.md)
install(FILES README.md ${RACETABLE_DOCS} packaging/copyright ${RACETABLE_PACKAGING_DIR}/changelog.gz
        DESTINATION ${CMAKE_INSTALL_DOCDIR})

# The SSH game server as a system service (docs/HOSTING.md, "A public server
# in one command"): a systemd unit, installed but not enabled, whose
# ExecStart names the program where this install puts it
# (cmake/install_unit.cmake), and the system user it runs as, for
# systemd-sysusers (the package's postinst makes it). Both under lib/, not
# the multiarch CMAKE_INSTALL_LIBDIR: systemd looks in PREFIX/lib.
install(CODE "set(RACETABLE_UNIT_SOURCE \"${CMAKE_SOURCE_DIR}/packaging/racetable-ssh.service\")
set(RACETABLE_UNIT_BUILT \"${RACETABLE_PACKAGING_DIR}/racetable-ssh.service\")
set(RACETABLE_UNIT_GAMESDIR \"${RACETABLE_INSTALL_GAMESDIR}\")")
install(SCRIPT cmake/install_unit.cmake)
install(FILES packaging/racetable.sysusers DESTINATION lib/sysusers.d RENAME racetable.conf)

# The Debian package: cpack in the build folder (make deb).
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME racetable)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DIRECTORY ${CMAKE_BINARY_DIR})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "five tabletop racing games in the terminal")
set(CPACK_PACKAGE_DESCRIPTION
    "Wacky Races, Scrap Racer, RC Racer, Go Wacky! and Racesmack, with every rule of
their rulebooks, for people and computer players at one table: a full-screen
ncurses shell, hot-seat play, shared tables over SSH where each player
plays from their own terminal, and an SSH server of its own (serve --ssh)
where anyone with an SSH client and a key plays without an account. Also
plays whole games with computers as deterministic transcripts, replays
saved games, and narrates demos.")
set(RACETABLE_MAINTAINER "racetable maintainers <maintainers@users.noreply.a-seed-46d011d1.example>"
    CACHE STRING "The Debian package's Maintainer field")
set(CPACK_PACKAGE_CONTACT ${RACETABLE_MAINTAINER})
set(CPACK_DEBIAN_PACKAGE_MAINTAINER ${RACETABLE_MAINTAINER})
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# Depends: found by dpkg-shlibdeps from the libraries the program links.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The maintainer scripts make the SSH server's system user (adduser where
# systemd-sysusers is missing) and its state directory, stop a running
# server before removal, and remove its state on purge.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "adduser")
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA
    "${CMAKE_SOURCE_DIR}/packaging/postinst;${CMAKE_SOURCE_DIR}/packaging/prerm;${CMAKE_SOURCE_DIR}/packaging/postrm")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION TRUE)
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "bash-completion, man-db, sqlite3")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_STRIP_FILES ON)
include(CPack)
