<!-- placeholder: the page lands with its own commit -->
