// A command-line driver for tdoku (https://github.com/t-dillon/tdoku), so that
// scripts/whole_process.py can time it whole beside sudokit and the `sudoku`
// crate's peer_cli: `tdoku_cli first FILE` prints each puzzle's first solution
// (an empty line when it has none), `tdoku_cli count2 FILE` its number of
// solutions up to two; one puzzle a line, lines shorter than 81 characters
// skipped. The guesses tdoku counts go to stderr. Built by
// scripts/build_tdoku.sh against tdoku's own sources, fetched from its
// repository; none of tdoku's code is in this repository.
#include <cstdint>
#include <cstdio>
#include <cstring>

extern "C" size_t TdokuSolverDpllTriadSimd(const char *puzzle, size_t limit, uint32_t configuration,
                                           char *solution, size_t *num_guesses);

int main(int argc, char **argv) {
    if (argc < 3 || (strcmp(argv[1], "first") != 0 && strcmp(argv[1], "count2") != 0)) {
        fprintf(stderr, "usage: tdoku_cli first|count2 FILE\n");
        return 2;
    }
    bool first = strcmp(argv[1], "first") == 0;
    FILE *in = fopen(argv[2], "r");
    if (!in) {
        perror(argv[2]);
        return 2;
    }
    static char out_buf[1 << 16];
    setvbuf(stdout, out_buf, _IOFBF, sizeof out_buf);
    char line[256], solution[82];
    size_t guesses = 0, total = 0;
    while (fgets(line, sizeof line, in)) {
        if (strlen(line) < 81) continue;
        size_t found = TdokuSolverDpllTriadSimd(line, first ? 1 : 2, 0, solution, &guesses);
        total += guesses;
        if (first) {
            solution[81] = 0;
            puts(found ? solution : "");
        } else {
            printf("%zu\n", found);
        }
    }
    fprintf(stderr, "guesses %zu\n", total);
    return 0;
}
