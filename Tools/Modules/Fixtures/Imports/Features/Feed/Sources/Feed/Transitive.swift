// Logging reaches Feed only through Networking: using it needs its own declaration.
import Logging

let transitiveName = loggingName
