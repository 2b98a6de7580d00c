// racetable: thin entry point over the libraries the tests link too.
#include "app/cli.h"

int main(int argc, char** argv) {
  return rt::cli::run(argc, argv);
}
