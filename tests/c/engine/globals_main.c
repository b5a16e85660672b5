/* At main's entry the globals this file defines hold their initializers
   (Engine v2, item 1), until code writes them or an unknown call may
   have.  */
#include <stdlib.h>
#include "../analyzer-decls.h"

extern void unknown (void);

int counter = 3;
static int mode = 1;
int table_g[4] = { 1, 2 };
int zeroed;

void set_mode (int m) { mode = m; }

int main (void)
{
  __analyzer_eval (counter == 3); /* { dg-warning "TRUE" } */
  __analyzer_eval (mode == 1); /* { dg-warning "TRUE" } */
  __analyzer_eval (table_g[1] == 2); /* { dg-warning "TRUE" } */
  __analyzer_eval (table_g[3] == 0); /* { dg-warning "TRUE" } */
  __analyzer_eval (zeroed == 0); /* { dg-warning "TRUE" } */

  char *p = malloc (10);
  if (counter == 3)
    free (p); /* always: no leak on a branch main cannot take */

  unknown ();
  __analyzer_eval (counter == 3); /* { dg-warning "UNKNOWN" } */
  return 0;
}
