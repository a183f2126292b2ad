// A snippet in a documentation catalog is not a source of the target.
import Store
