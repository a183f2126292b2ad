// A playground is not a source of the target: its imports are never checked.
import PlaygroundSupport
import Widgets

PlaygroundPage.current.needsIndefiniteExecution = false
print(Widget(name: "tour").name)
