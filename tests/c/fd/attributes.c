/* The attributes the plugin registers check where they point, as GCC's
   own do (-Wattributes), and are dropped when wrong.  */
void one (int fd) __attribute__ ((fd_arg (2))); /* { dg-warning "'fd_arg' attribute argument value 2 exceeds the number of function parameters 1" } */
void two (char *p) __attribute__ ((fd_arg_read (1))); /* { dg-warning "'fd_arg_read' attribute argument value 1 refers to parameter type 'char \\*', which is not an integer" } */
void three (int n) __attribute__ ((null_terminated_string_arg (1))); /* { dg-warning "'null_terminated_string_arg' attribute argument value 1 refers to parameter type 'int', which is not a pointer" } */
void four (int fd) __attribute__ ((fd_arg_write ("x"))); /* { dg-warning "'fd_arg_write' attribute argument is not an integer constant" } */
void five (int fd, ...) __attribute__ ((fd_arg (3)));
void six (int fd) __attribute__ ((fd_arg (1)));

void use (void)
{
  one (1);
  two ("x");
  three (3);
  four (4);
  five (5, 6, 7);
  six (6);
}
