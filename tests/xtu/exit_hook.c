/* Project facts test (tests/tools/plugin_test.py): the program's way out,
   two files away from the code that relies on it. */
#include <stdlib.h>

void leave (int status)        /* never returns: not declared so */
{
  exit (status);
}
